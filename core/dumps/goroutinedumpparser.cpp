#include "goroutinedumpparser.h"

#include "../format/envelopes.h"
#include "../util/textscan.h"

#include <algorithm>
#include <charconv>
#include <optional>

namespace kubelane::core {

using text::isDigit;
using text::trimmed;

namespace {

constexpr std::string_view kBeginMarker = "=== BEGIN goroutine stack dump ===";
constexpr std::string_view kEndMarker = "=== END goroutine stack dump ===";

std::optional<std::uint64_t> number(std::string_view s)
{
    std::uint64_t v = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || end != s.data() + s.size())
        return std::nullopt;
    return v;
}

// "...additional frames elided..." (Go <= 1.20, after 100 frames) or "...N frames elided..."
// (Go 1.21+, the middle of a deep stack): the frames it stands for, 0 when it is no such line.
std::uint32_t elidedCount(std::string_view line)
{
    line = trimmed(line);
    if (line == "...additional frames elided...")
        return 1;
    if (line.starts_with("...") && line.ends_with(" frames elided...")) {
        const auto n = number(line.substr(3, line.size() - 3 - 17));
        return n ? std::uint32_t(*n) : 0;
    }
    return 0;
}

// Go's strconv.Quote escapes, as logrus' text formatter writes a message that needs quoting.
// Appends the text of `quoted` (after the opening quote) to `out` up to the closing quote.
// `consumed` is where it stopped: after the closing quote, or before an escape cut off at the
// end (journald split the line there; the next entry completes it).
bool unquoteGo(std::string_view quoted, std::string &out, std::size_t &consumed)
{
    std::size_t i = 0;
    while (i < quoted.size()) {
        const char c = quoted[i];
        if (c == '"') {
            consumed = i + 1;
            return true;
        }
        if (c != '\\') {
            out += c;
            ++i;
            continue;
        }
        // A NUL byte is text here (a log padded with NULs after a crash), never the end: taking
        // it for a cut escape would carry the rest of the file along, line after line.
        if (i + 1 >= quoted.size())
            break; // cut after the backslash
        const char e = quoted[i + 1];
        const std::size_t digits = e == 'x' ? 2 : e == 'u' ? 4 : e == 'U' ? 8 : 0;
        if (i + 2 + digits > quoted.size())
            break; // cut inside an escape
        i += 2;
        switch (e) {
        case 'n': out += '\n'; break;
        case 't': out += '\t'; break;
        case 'r': break;
        case 'x':
        case 'u':
        case 'U': {
            unsigned v = 0;
            std::from_chars(quoted.data() + i, quoted.data() + i + digits, v, 16);
            i += digits;
            // Stacks are ASCII; a rune here is in an argument nobody reads.
            out += v < 0x80 || e == 'x' ? char(v) : '?';
            break;
        }
        default: out += e; // \\ and \"
        }
    }
    consumed = i;
    return false;
}

// A line of the file without its envelope, and who wrote it.
struct Payload {
    std::string_view text;
    std::string_view process; // journald host+identifier, CRI stream, "" for a bare line
    bool enveloped = false;
};

Payload payloadOf(std::string_view line)
{
    JournaldLine j;
    if (parseJournaldLine(line, j))
        return {j.message, j.sender, true};
    CriLine c;
    if (parseCriLine(line, c))
        return {c.message, c.stream, true};
    TimestampPrefixLine t;
    if (parseTimestampPrefixLine(line, t))
        return {t.message, "", true};
    return {line, "", false};
}

bool isDumpLine(std::string_view text)
{
    if (text.empty() || text[0] == '\t' || text.starts_with("created by ") || elidedCount(text) > 0)
        return true;
    Goroutine g;
    StackFrame f;
    return parseGoroutineHeader(text, g) || parseFrameCall(text, f);
}

// Collects the dumps of one file line by line.
class DumpCollector {
public:
    void onLine(std::string_view raw, std::uint32_t number)
    {
        // Outside a dump only a header or the marker can start one: skip the envelope parse.
        if (!m_open && raw.find("goroutine") == std::string_view::npos) {
            m_textBefore = m_textBefore || !raw.empty();
            return;
        }
        const Payload p = payloadOf(raw);
        if (m_quoted) {
            continueQuoted(p, number);
            return;
        }
        if (m_open && p.enveloped && p.process != m_open->process)
            return; // another process's line between this dump's lines
        if (const std::size_t begin = p.text.find(kBeginMarker); begin != std::string_view::npos) {
            finish();
            start(p, number);
            const std::string_view before = p.text.substr(0, begin);
            if (before.ends_with("msg=\"")) { // a logrus message: the dump is the quoted value
                m_open->shape = DumpShape::LogrusMessage;
                m_quoted = true;
                appendQuoted(p.text.substr(begin), number);
            }
            return;
        }
        if (m_open) {
            if (p.text.find(kEndMarker) != std::string_view::npos) {
                m_open->lastSourceLine = number;
                finish();
                return;
            }
            if (isDumpLine(p.text)) {
                appendLine(p.text, number);
                return;
            }
            finish();
        }
        Goroutine g;
        if (parseGoroutineHeader(p.text, g)) {
            start(p, number);
            appendLine(p.text, number);
        } else {
            m_textBefore = m_textBefore || !raw.empty();
        }
    }

    std::vector<GoroutineDumpPtr> done()
    {
        finish();
        return std::move(m_dumps);
    }

private:
    void start(const Payload &p, std::uint32_t number)
    {
        m_open = std::make_shared<GoroutineDump>();
        // A file of its own starts with the dump (or its marker); anything before it is a log.
        m_open->shape = p.enveloped || m_textBefore ? DumpShape::EmbeddedLines : DumpShape::File;
        m_open->process = std::string(p.process);
        m_open->firstSourceLine = m_open->lastSourceLine = number;
    }

    void appendLine(std::string_view text, std::uint32_t number)
    {
        if (!m_open->sourceLines.empty())
            m_open->text += '\n';
        m_open->text.append(text);
        m_open->sourceLines.push_back(number);
        m_open->lastSourceLine = number;
    }

    // The quoted message from the marker on: its lines all come from this source line.
    void appendQuoted(std::string_view from, std::uint32_t number)
    {
        const std::string raw = m_carry + std::string(from);
        std::size_t consumed = 0;
        m_quoted = !unquoteGo(raw, m_pendingQuoted, consumed);
        m_carry = m_quoted ? raw.substr(consumed) : std::string();
        std::size_t start = 0;
        while (true) {
            const std::size_t nl = m_pendingQuoted.find('\n', start);
            if (nl == std::string::npos)
                break;
            appendQuotedLine(std::string_view(m_pendingQuoted).substr(start, nl - start), number);
            start = nl + 1;
        }
        m_pendingQuoted.erase(0, start);
        m_open->lastSourceLine = number;
        if (!m_quoted) {
            appendQuotedLine(m_pendingQuoted, number);
            m_pendingQuoted.clear();
            finish();
        }
    }

    void appendQuotedLine(std::string_view text, std::uint32_t number)
    {
        if (text.find(kBeginMarker) != std::string_view::npos || text.find(kEndMarker) != std::string_view::npos)
            return;
        appendLine(text, number);
    }

    // journald cuts a line over its LineMax into entries of the same process: the quoted
    // message goes on in the next one.
    void continueQuoted(const Payload &p, std::uint32_t number)
    {
        if (p.enveloped && p.process != m_open->process)
            return;
        appendQuoted(p.text, number);
    }

    void finish()
    {
        if (!m_open)
            return;
        m_quoted = false;
        m_pendingQuoted.clear();
        m_carry.clear();
        while (!m_open->sourceLines.empty() && m_open->text.ends_with('\n'))
            m_open->text.pop_back();
        parseGoroutines(*m_open);
        if (!m_open->goroutines.empty())
            m_dumps.push_back(std::move(m_open));
        m_open.reset();
    }

    static void parseGoroutines(GoroutineDump &d);

    std::shared_ptr<GoroutineDump> m_open;
    bool m_quoted = false;
    bool m_textBefore = false;   // a non-empty line outside any dump came before
    std::string m_pendingQuoted; // decoded text not yet a whole line
    std::string m_carry;         // an escape cut at the end of a journal entry
    std::vector<GoroutineDumpPtr> m_dumps;
};

void DumpCollector::parseGoroutines(GoroutineDump &d)
{
    const std::string_view text = d.text;
    std::size_t pos = 0;
    std::uint32_t logical = 0;
    Goroutine *g = nullptr;
    StackFrame *pendingCall = nullptr; // a call line waiting for its location line
    auto close = [&](std::uint32_t end) {
        if (g)
            g->logicalLineCount = end - g->firstLogicalLine;
    };
    while (pos <= text.size() && logical < d.sourceLines.size()) {
        std::size_t nl = text.find('\n', pos);
        if (nl == std::string_view::npos)
            nl = text.size();
        const std::string_view line = text.substr(pos, nl - pos);
        Goroutine header;
        if (parseGoroutineHeader(line, header)) {
            close(logical);
            d.goroutines.push_back(std::move(header));
            g = &d.goroutines.back();
            g->firstLogicalLine = logical;
            g->sourceLine = d.sourceLines[logical];
            pendingCall = nullptr;
        } else if (g && !line.empty()) {
            StackFrame frame;
            if (line.starts_with("created by ")) {
                std::string_view rest = line.substr(11);
                // Go 1.21+ names the creating goroutine after the function: "... in goroutine 7".
                if (const std::size_t in = rest.find(" in goroutine "); in != std::string_view::npos)
                    rest = rest.substr(0, in);
                g->hasCreator = true;
                g->createdBy = StackFrame{};
                g->createdBy.function = trimmed(rest);
                pendingCall = &g->createdBy;
            } else if (const std::uint32_t elided = elidedCount(line)) {
                g->elidedFrames += elided;
                pendingCall = nullptr;
            } else if (line[0] == '\t' || line[0] == ' ') {
                if (pendingCall && parseFrameLocation(line, frame)) {
                    pendingCall->file = frame.file;
                    pendingCall->line = frame.line;
                    pendingCall->offset = frame.offset;
                }
                pendingCall = nullptr;
            } else if (parseFrameCall(line, frame)) {
                g->frames.push_back(frame);
                pendingCall = &g->frames.back();
            }
        }
        pos = nl + 1;
        ++logical;
    }
    close(logical);
}

} // namespace

std::string_view GoroutineDump::logicalLines(const Goroutine &g) const
{
    std::size_t pos = 0;
    std::uint32_t line = 0;
    while (line < g.firstLogicalLine && pos != std::string::npos) {
        pos = text.find('\n', pos);
        if (pos != std::string::npos)
            ++pos;
        ++line;
    }
    if (pos == std::string::npos)
        return {};
    std::size_t end = pos;
    for (std::uint32_t i = 0; i < g.logicalLineCount && end != std::string::npos; ++i) {
        end = text.find('\n', end);
        if (end != std::string::npos && i + 1 < g.logicalLineCount)
            ++end;
    }
    return std::string_view(text).substr(pos, end == std::string::npos ? std::string::npos : end - pos);
}

std::string_view packageOf(std::string_view function)
{
    const std::size_t slash = function.rfind('/', function.find('('));
    const std::size_t dot = function.find('.', slash == std::string_view::npos ? 0 : slash + 1);
    return function.substr(0, dot);
}

bool isStandardLibrary(std::string_view function)
{
    const std::string_view pkg = packageOf(function);
    const std::string_view first = pkg.substr(0, pkg.find('/'));
    return first.find('.') == std::string_view::npos && pkg != "main";
}

std::string_view shortFunction(std::string_view function)
{
    const std::size_t slash = function.rfind('/', function.find('('));
    return slash == std::string_view::npos ? function : function.substr(slash + 1);
}

bool parseGoroutineHeader(std::string_view line, Goroutine &out)
{
    line = trimmed(line);
    if (!line.starts_with("goroutine ") || !line.ends_with("]:"))
        return false;
    std::size_t i = 10;
    while (i < line.size() && isDigit(line[i]))
        ++i;
    const auto id = number(line.substr(10, i - 10));
    const std::size_t open = line.find(" [", i);
    if (!id || open == std::string_view::npos || (i < line.size() && line[i] != ' '))
        return false;
    out = Goroutine{};
    out.id = *id;
    std::string_view inside = line.substr(open + 2, line.size() - 2 - (open + 2));
    bool first = true;
    while (!inside.empty()) {
        const std::size_t comma = std::min(inside.find(", "), inside.size());
        const std::string_view part = inside.substr(0, comma);
        if (first) {
            out.state = part;
        } else if (part.ends_with(" minutes") || part.ends_with(" minute")) {
            out.waitMinutes = int(number(part.substr(0, part.find(' '))).value_or(0));
        } else if (part == "locked to thread") {
            out.lockedToThread = true;
        }
        first = false;
        inside.remove_prefix(std::min(comma + 2, inside.size()));
    }
    return !out.state.empty();
}

bool parseFrameCall(std::string_view line, StackFrame &out)
{
    line = trimmed(line);
    if (line.size() < 3 || line.back() != ')' || line.starts_with("goroutine "))
        return false;
    // The argument list is the parenthesis that closes at the end of the line.
    int depth = 0;
    std::size_t open = std::string_view::npos;
    for (std::size_t i = line.size(); i-- > 0;) {
        if (line[i] == ')')
            ++depth;
        else if (line[i] == '(' && --depth == 0) {
            open = i;
            break;
        }
    }
    if (open == std::string_view::npos || open == 0)
        return false;
    const std::string_view function = line.substr(0, open);
    if (function.find(' ') != std::string_view::npos || function.find('\t') != std::string_view::npos)
        return false;
    out = StackFrame{};
    out.function = function;
    out.args = line.substr(open + 1, line.size() - open - 2);
    return true;
}

bool isGoCallerLine(std::string_view line)
{
    // A trace's location line pasted without its tab reads the same, with its "+0x.." (and
    // "fp=.. sp=.. pc=..") after it.
    const std::size_t space = std::min(line.find(' '), line.size());
    const std::string_view rest = line.substr(space);
    if (!rest.empty() && !rest.starts_with(" +0x") && !rest.starts_with(" fp="))
        return false;
    const std::string_view place = line.substr(0, space);
    const std::size_t colon = place.rfind(':');
    if (!place.starts_with('/') || colon == std::string_view::npos || colon + 1 == place.size())
        return false;
    const std::string_view number = place.substr(colon + 1);
    const std::string_view file = place.substr(0, colon);
    return std::all_of(number.begin(), number.end(), [](char c) { return c >= '0' && c <= '9'; })
        && (file.ends_with(".go") || file.ends_with(".s"));
}

bool parseFrameLocation(std::string_view line, StackFrame &out)
{
    line = trimmed(line);
    const std::size_t space = std::min(line.find(' '), line.size());
    const std::string_view place = line.substr(0, space);
    const std::size_t colon = place.rfind(':');
    if (colon == std::string_view::npos)
        return false;
    const auto lineNumber = number(place.substr(colon + 1));
    if (!lineNumber)
        return false;
    out.file = place.substr(0, colon);
    out.line = std::uint32_t(*lineNumber);
    std::string_view rest = trimmed(line.substr(space));
    out.offset = rest.starts_with("+0x") ? rest.substr(0, std::min(rest.find(' '), rest.size())) : std::string_view();
    return true;
}

bool mayHoldGoroutineDump(std::string_view text)
{
    if (text.find(kBeginMarker) != std::string_view::npos)
        return true;
    for (std::size_t at = text.find("goroutine "); at != std::string_view::npos; at = text.find("goroutine ", at + 10)) {
        // What parseGoroutineHeader trims before a header may precede it (text::trimmed).
        const bool lineStart = at == 0 || text[at - 1] == '\n' || text[at - 1] == ' ' || text[at - 1] == '\t' || text[at - 1] == '\r';
        if (lineStart && at + 10 < text.size() && isDigit(text[at + 10])) {
            const std::size_t eol = std::min(text.find('\n', at), text.size());
            Goroutine g;
            if (parseGoroutineHeader(text.substr(at, eol - at), g))
                return true;
        }
    }
    return false;
}

std::vector<GoroutineDumpPtr> readGoroutineDumps(std::string_view bytes)
{
    DumpCollector collector;
    text::forEachLine(bytes, [&](std::string_view line, std::size_t, std::uint32_t number) { collector.onLine(line, number); });
    return collector.done();
}

} // namespace kubelane::core
