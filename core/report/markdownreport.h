#pragma once
// `kubelane analyze --format markdown`: a summary to paste into a postmortem. Per finding its
// severity, subject, window, explanation, causal chain, evidence lines as fenced code blocks
// and the command that exports its view. Text for people; --json stays the stable format.
#include "../model/incident.h"
#include "../rules/finding.h"

#include <functional>
#include <string>
#include <string_view>

namespace kubelane::core {

class Analysis;

struct MarkdownOptions {
    // The shell command that shows finding `index` (0-based) again, or "" for none. The
    // command line knows its own options; the report does not.
    std::function<std::string(std::size_t index, const Finding &finding)> reopenCommand;
    std::size_t evidenceLimit = 12; // evidence lines shown per finding (--json lists all)
    std::size_t lineLimit = 400;    // characters kept of each raw line
    std::size_t problemLimit = 50;  // inputs listed per kind of load problem (the text report lists all)
};

std::string analysisMarkdown(const Incident &incident, const Analysis *analysis, const MarkdownOptions &options = {});

// Text with the characters Markdown would read as formatting backslash-escaped, on one line:
// also what would open a block at the start of a line (a list item, a numbered item, a
// setext underline, an indented code block).
std::string markdownEscape(std::string_view text);
// A fenced code block around `text`, the fence longer than any backtick run inside it.
std::string markdownCodeBlock(std::string_view text, std::string_view language = {});

} // namespace kubelane::core
