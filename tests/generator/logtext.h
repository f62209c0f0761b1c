#pragma once
// Text as Go programs print it: klog headers and structured key/value messages, Go's
// time.Duration and time.Time formatting, strconv.Quote, and the envelopes a collected log
// carries (journald short-precise, CRI). Times are UTC nanoseconds since the Unix epoch.
#include <cstdint>
#include <string>
#include <string_view>

namespace kubelane::bundlegen {

using Nanos = std::int64_t;
constexpr Nanos kUs = 1'000;
constexpr Nanos kMs = 1'000'000;
constexpr Nanos kSec = 1'000'000'000;
constexpr Nanos kMin = 60 * kSec;
constexpr Nanos kHour = 60 * kMin;

inline Nanos seconds(double s)
{
    return static_cast<Nanos>(s * 1e9);
}

struct CivilTime {
    int year, month, day, hour, minute, second;
    Nanos nanos; // within the second
};
CivilTime civil(Nanos t);
Nanos fromCivil(int year, int month, int day, int hour = 0, int minute = 0, int second = 0);

std::string rfc3339(Nanos t, int fractionDigits);         // 2024-06-19T08:00:01.273113939Z
std::string rfc3339Seconds(Nanos t);                      // 2024-06-19T08:00:01Z (Kubernetes API times)
std::string goTime(Nanos t);                              // 2024-06-19 08:00:01.273113939 +0000 UTC
std::string goTimeMonotonic(Nanos t, Nanos processStart); // ... +0000 UTC m=+1234.567890123
std::string goDuration(Nanos d);                          // 3m0.104573821s, 4.497832ms, 567.952µs
std::string goQuote(std::string_view s);                  // strconv.Quote

// "I0619 08:00:01.273079    1234 kubelet.go:2415] "
std::string klogHeader(char severity, Nanos t, int threadId, std::string_view fileLine);
// "Jun 19 08:00:01.273113 worker-03 kubelet[1234]: " (journalctl -o short-precise, UTC)
std::string journaldPrefix(Nanos t, std::string_view host, std::string_view identifier, int pid);
// "2024-06-19T08:00:01.273113939Z stderr F "
std::string criPrefix(Nanos t, std::string_view stream = "stderr");

// A structured klog message: "Probe failed" probeType="Readiness" pod="shop/web-0" ...
class Structured {
public:
    explicit Structured(std::string_view message) : m_text(goQuote(message)) { }
    Structured &str(std::string_view key, std::string_view value) // a string or Stringer: quoted
    {
        m_text += ' ';
        m_text += key;
        m_text += '=';
        m_text += goQuote(value);
        return *this;
    }
    Structured &raw(std::string_view key, std::string_view value) // numbers, bools, %+v values
    {
        m_text += ' ';
        m_text += key;
        m_text += '=';
        m_text += value;
        return *this;
    }
    Structured &num(std::string_view key, std::int64_t value) { return raw(key, std::to_string(value)); }
    Structured &err(std::string_view error) { return str("err", error); }
    operator std::string() const { return m_text; }
    const std::string &text() const { return m_text; }

private:
    std::string m_text;
};

} // namespace kubelane::bundlegen
