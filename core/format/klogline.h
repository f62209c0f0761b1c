#pragma once
// Hand-written parsers for the klog/glog line shape, the hottest code in the loader:
//   Lmmdd hh:mm:ss.uuuuuu threadid file:line] message
// and for structured klog messages:  "Probe failed" probeType="Readiness" pod="ns/name"
// No regex, no allocation: everything is a view into the input line.
#include "../model/event.h"
#include "../model/timestamp.h"

#include <algorithm>
#include <deque>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace kubelane::core {

struct KlogHeader {
    Severity severity = Severity::Info;
    unsigned month = 0, day = 0;
    std::int64_t nsOfDay = 0;
    std::string_view threadId; // "2614": the process id, as glog and klog write it (empty when cut out)
    std::string_view file;     // "kubelet_pods.go:1424"
    std::string_view message;  // after "] "
};

// True when `line` starts with a klog header. On success fills `out`.
bool parseKlogHeader(std::string_view line, KlogHeader &out);
// A klog header whose date or time cannot be (month 13, 30 February, 25:61): a line to count
// as a bad timestamp, not text continuing the entry above.
bool looksLikeKlogHeaderWithImpossibleTime(std::string_view line);
// The lines glog writes at the top of each log file ("Log file created at: ...", "Running on
// machine: ...", "Binary: Built with ...", "Log line format: ...").
bool isGlogPreamble(std::string_view line);
// Cheap test used by format detection and continuation logic.
inline bool looksLikeKlogHeader(std::string_view line)
{
    KlogHeader h;
    return parseKlogHeader(line, h);
}

// Key/value pairs with storage for values that had to be unescaped. Reused across lines so
// the steady state does not allocate.
class FieldList {
public:
    void clear()
    {
        m_items.clear();
        m_ownedUsed = 0;
    }
    void add(std::string_view key, std::string_view value) { m_items.emplace_back(key, value); }
    std::string_view own(std::string &&text);
    const std::vector<std::pair<std::string_view, std::string_view>> &items() const { return m_items; }
    std::size_t size() const { return m_items.size(); }
    // Copies the keys and values that lie in `region` into the list's own storage (the region
    // is about to be overwritten).
    void ownViewsInto(std::string_view region)
    {
        const std::less<const char *> before;
        auto inRegion = [&](std::string_view v) {
            return !v.empty() && !before(v.data(), region.data()) && before(v.data(), region.data() + region.size());
        };
        for (auto &[k, v] : m_items) {
            if (inRegion(k))
                k = own(std::string(k));
            if (inRegion(v))
                v = own(std::string(v));
        }
    }
    void truncate(std::size_t n) { m_items.resize(std::min(n, m_items.size())); } // drops the items added after size() was n
    std::string_view get(std::string_view key) const;
    void set(std::string_view key, std::string_view value);
    // Renames keys in place (values keep pointing where they did).
    template <typename Fn> void renameKeys(Fn &&rename)
    {
        for (auto &item : m_items)
            item.first = rename(item.first);
    }

private:
    std::vector<std::pair<std::string_view, std::string_view>> m_items;
    std::deque<std::string> m_owned; // deque: growing it never moves earlier strings
    std::size_t m_ownedUsed = 0;
};

// If `message` is a structured klog message, sets `text` to the unquoted message and adds the
// key=value pairs to `fields`; returns false (and leaves `text` = message) otherwise.
bool parseStructuredMessage(std::string_view message, std::string_view &text, FieldList &fields);

// Unquotes a Go-quoted string body (without the surrounding quotes). Returns the view itself
// when there is nothing to unescape, else stores the result in `fields`.
std::string_view unquoteGo(std::string_view body, FieldList &fields);

} // namespace kubelane::core
