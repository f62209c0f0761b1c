#include "markdownreport.h"

#include "../analysis/analysis.h"
#include "../util/textscan.h"

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

// `text` as inline code, whatever backticks it holds. On one line: a line break inside would
// let the next line start a block (a heading, a list) before the span is read.
std::string codeSpan(std::string_view text)
{
    std::string oneLine(text);
    std::replace_if(
        oneLine.begin(), oneLine.end(), [](char c) { return c == '\n' || c == '\r'; }, ' ');
    const std::string ticks(longestRun(oneLine, '`') + 1, '`');
    const bool pad = !oneLine.empty() && (oneLine.front() == '`' || oneLine.back() == '`');
    return ticks + (pad ? " " : "") + oneLine + (pad ? " " : "") + ticks;
}

// `text` as inline code in a table cell: the cell ends at any '|', even inside a code span
// (GFM), unless escaped; escaped, it is shown as is.
std::string codeCell(std::string_view text)
{
    std::string out;
    for (const char c : codeSpan(text)) {
        if (c == '|')
            out += '\\';
        out += c;
    }
    return out;
}

// The raw line (and its continuation lines), each cut to a readable length, at most 20 lines.
std::string trimmedRaw(std::string_view raw, std::size_t lineLimit)
{
    std::string out;
    text::forEachLine(raw, [&](std::string_view line, std::size_t, std::uint32_t number) {
        if (number > 20) {
            out += "…\n";
            return false;
        }
        const std::string_view kept = text::cutUtf8(line, lineLimit);
        out += std::string(kept) + (kept.size() < line.size() ? " …" : "") + "\n";
        return true;
    });
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
        for (EventIndex idx : f.evidence) {
            if (idx.index() >= inc.events.size())
                continue;
            if (shown++ == options.evidenceLimit) {
                o << "… and " << f.evidence.size() - options.evidenceLimit
                  << " more evidence lines (`kubelane analyze --json` lists them all)\n\n";
                break;
            }
            const Event &e = inc.event(idx);
            o << codeSpan(inc.sources[e.source].path + ":" + std::to_string(inc.lineOf(e))) << " at " << formatRfc3339(e.time, 3) << "\n\n";
            o << markdownCodeBlock(trimmedRaw(inc.rawText(e), options.lineLimit), "text") << "\n";
        }
    }
    for (const auto &r : f.references) {
        // An autolink ends at a space or '>' (a rule file is the user's text too): else escaped.
        const bool link = (r.starts_with("http://") || r.starts_with("https://")) && r.find_first_of(" \t\r\n<>") == std::string::npos;
        o << "See: " << (link ? "<" + r + ">" : markdownEscape(r)) << "\n\n";
    }
    if (options.reopenCommand)
        if (const std::string command = options.reopenCommand(index, f); !command.empty())
            o << "Open this view in the window, or export it:\n\n" << markdownCodeBlock(command + "\n", "sh") << "\n";
}

// A table of inputs and what went wrong with each, at most `limit` rows; the rest counted.
void writeProblemTable(std::ostream &o, std::string_view heading, const std::vector<std::pair<std::string, std::string>> &rows,
                       std::size_t limit)
{
    if (rows.empty())
        return;
    o << "**" << heading << " (" << rows.size() << ")**\n\n| Input | Problem |\n| --- | --- |\n";
    for (std::size_t i = 0; i < rows.size() && i < limit; ++i)
        o << "| " << codeCell(rows[i].first) << " | " << markdownEscape(rows[i].second) << " |\n"; // it escapes '|'
    if (rows.size() > limit)
        o << "\n… and " << rows.size() - limit << " more (`kubelane analyze` lists them all)\n";
    o << "\n";
}

// What was not read or not understood: a report that left it out would claim more than the
// bundle showed.
void writeLoadProblems(std::ostream &o, const Incident &inc, const Analysis *analysis, const MarkdownOptions &options)
{
    std::vector<std::pair<std::string, std::string>> skipped, unread, notUnderstood;
    for (const SkippedInput &s : inc.skipped)
        skipped.emplace_back(s.path, s.reason);
    for (const Source &s : inc.sources) {
        if (!s.error.empty())
            unread.emplace_back(s.path, s.error);
        if (s.unparsedLines)
            notUnderstood.emplace_back(s.path,
                                       std::to_string(s.unparsedLines) + " of " + std::to_string(s.lineCount) + " lines not understood");
    }
    static const std::vector<std::string> kNoProblems;
    const std::vector<std::string> &problems = analysis ? analysis->problems : kNoProblems;
    if (skipped.empty() && unread.empty() && notUnderstood.empty() && problems.empty())
        return;
    o << "## Load problems\n\n";
    writeProblemTable(o, "Not loaded", skipped, options.problemLimit);
    writeProblemTable(o, "Read with errors", unread, options.problemLimit);
    writeProblemTable(o, "Lines not understood", notUnderstood, options.problemLimit);
    for (const std::string &p : problems)
        o << "- " << markdownEscape(p) << "\n";
    if (!problems.empty())
        o << "\n";
}

} // namespace

std::string markdownEscape(std::string_view text)
{
    // Leading blanks would open an indented code block; Markdown drops them anyway.
    text.remove_prefix(std::min(text.find_first_not_of(" \t\r\n"), text.size()));
    std::size_t digits = 0; // "1." or "1)" at the start would open a numbered list
    while (digits < text.size() && text::isDigit(text[digits]))
        ++digits;
    std::string out;
    out.reserve(text.size() + 8);
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        switch (c) {
        case '\\':
        case '`':
        case '*':
        case '_':
        case '[':
        case ']':
        case '<':
        case '>':
        case '|':
        case '~':
        case '#':
        case '&':
        case '!':
            out += '\\';
            out += c;
            break;
        case '\n':
        case '\r':
            out += ' '; // a title or a step is one line; a line break could start a list or a heading
            break;
        case '-':
        case '+':
        case '=': // a list item, a rule or a setext underline at the start
            if (i == 0)
                out += '\\';
            out += c;
            break;
        case '.':
        case ')':
            if (i == digits && digits > 0)
                out += '\\';
            out += c;
            break;
        default: out += c;
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
    writeLoadProblems(o, inc, analysis, options);
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
