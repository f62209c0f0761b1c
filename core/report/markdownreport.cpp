#include "markdownreport.h"

#include "../analysis/analysis.h"

#include <algorithm>
#include <sstream>

namespace kubelane::core {

namespace {

std::size_t longestRun(std::string_view text, char c)
{
    std::size_t longest = 0, run = 0;
    for (char x : text) {
        run = x == c ? run + 1 : 0;
        longest = std::max(longest, run);
    }
    return longest;
}

// `text` as inline code, whatever backticks it holds.
std::string codeSpan(std::string_view text)
{
    const std::string ticks(longestRun(text, '`') + 1, '`');
    const bool pad = !text.empty() && (text.front() == '`' || text.back() == '`');
    return ticks + (pad ? " " : "") + std::string(text) + (pad ? " " : "") + ticks;
}

// Cuts at `limit` bytes without splitting a UTF-8 sequence.
std::string_view cutUtf8(std::string_view text, std::size_t limit)
{
    if (text.size() <= limit)
        return text;
    std::size_t end = limit;
    while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80)
        --end;
    return text.substr(0, end);
}

// The raw line (and its continuation lines), each cut to a readable length, at most 20 lines.
std::string trimmedRaw(std::string_view raw, std::size_t lineLimit)
{
    std::string out;
    std::size_t lines = 0;
    while (!raw.empty()) {
        const std::size_t nl = raw.find('\n');
        std::string_view line = raw.substr(0, nl);
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        if (++lines > 20) {
            out += "…\n";
            break;
        }
        const std::string_view kept = cutUtf8(line, lineLimit);
        out += std::string(kept) + (kept.size() < line.size() ? " …" : "") + "\n";
        if (nl == std::string_view::npos)
            break;
        raw.remove_prefix(nl + 1);
    }
    return out;
}

void writeFinding(std::ostream &o, const Incident &inc, std::size_t index, const Finding &f, const MarkdownOptions &options)
{
    o << "### " << index + 1 << ". " << markdownEscape(f.title) << "\n\n";
    o << "- **Severity:** " << severityName(f.severity) << "\n";
    o << "- **Rule:** " << codeSpan(f.rule) << "\n";
    o << "- **Subject:** " << codeSpan(f.subject.text()) << "\n";
    o << "- **When:** " << formatRfc3339(f.start, 3) << " .. " << formatRfc3339(f.end, 3) << " (" << formatDuration(f.end - f.start)
      << ")\n\n";
    if (!f.explanation.empty())
        o << markdownEscape(f.explanation) << "\n\n";
    if (!f.chain.empty()) {
        o << "**Causal chain**\n\n";
        int k = 0;
        for (const ChainStep &step : f.chain)
            o << ++k << ". " << codeSpan(formatTimeOfDay(step.time, 3)) << " " << markdownEscape(step.text) << "\n";
        o << "\n";
    }
    if (!f.evidence.empty()) {
        o << "**Evidence**\n\n";
        std::size_t shown = 0;
        for (std::size_t idx : f.evidence) {
            if (idx >= inc.events.size())
                continue;
            if (shown++ == options.evidenceLimit) {
                o << "… and " << f.evidence.size() - options.evidenceLimit
                  << " more evidence lines (`kubelane analyze --json` lists them all)\n\n";
                break;
            }
            const Event &e = inc.events[idx];
            o << codeSpan(inc.sources[e.source].path + ":" + std::to_string(e.line)) << " at " << formatRfc3339(e.time, 3) << "\n\n";
            o << markdownCodeBlock(trimmedRaw(inc.rawText(e), options.lineLimit), "text") << "\n";
        }
    }
    for (const auto &r : f.references)
        o << "See: " << (r.starts_with("http://") || r.starts_with("https://") ? "<" + r + ">" : markdownEscape(r)) << "\n\n";
    if (options.reopenCommand)
        if (const std::string command = options.reopenCommand(index, f); !command.empty())
            o << "Open this view in the window, or export it:\n\n" << markdownCodeBlock(command + "\n", "sh") << "\n";
}

} // namespace

std::string markdownEscape(std::string_view text)
{
    std::string out;
    out.reserve(text.size() + 8);
    for (char c : text) {
        switch (c) {
        case '\\': case '`': case '*': case '_': case '[': case ']': case '<': case '>': case '|': case '~': case '#':
        case '&': case '!':
            out += '\\';
            out += c;
            break;
        case '\n':
            out += ' '; // a title or a step is one line; a newline could start a list or a heading
            break;
        default:
            out += c;
        }
    }
    return out;
}

std::string markdownCodeBlock(std::string_view text, std::string_view language)
{
    const std::string fence(std::max<std::size_t>(3, longestRun(text, '`') + 1), '`');
    std::string out = fence + std::string(language) + "\n" + std::string(text);
    if (!out.empty() && out.back() != '\n')
        out += '\n';
    return out + fence + "\n";
}

std::string analysisMarkdown(const Incident &inc, const Analysis *analysis, const MarkdownOptions &options)
{
    std::ostringstream o;
    o << "# kubelane summary\n\n";
    for (const auto &input : inc.inputs)
        o << "- **Bundle:** " << codeSpan(input) << "\n";
    o << "- **Sources:** " << inc.sources.size() << " (" << inc.stats.lines << " lines, " << inc.stats.events << " events, "
      << inc.stats.unparsed << " not understood)\n";
    if (inc.first().isValid())
        o << "- **Time range:** " << formatRfc3339(inc.first(), 3) << " .. " << formatRfc3339(inc.last(), 3) << "\n";
    o << "\n";
    for (const auto &n : inc.notes)
        o << "> " << markdownEscape(n) << "\n\n";
    const std::size_t count = analysis ? analysis->findings.size() : 0;
    o << "## Findings (" << count << ")\n\n";
    if (count == 0) {
        o << "No root-cause rule matched.\n";
        return o.str();
    }
    for (std::size_t i = 0; i < count; ++i)
        writeFinding(o, inc, i, analysis->findings[i], options);
    return o.str();
}

} // namespace kubelane::core
