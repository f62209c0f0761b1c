#include "pastetext.h"

#include "../util/textscan.h"
#include "formatdetection.h"

#include <re2/re2.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <map>

namespace kubelane::core {

namespace {

using text::isBlank;
using text::trimmed;

std::string_view firstWord(std::string_view s)
{
    const size_t end = s.find_first_of(" \t|;&");
    return s.substr(0, end);
}

// What an operator runs on a node or against a cluster while looking at logs: a "# " line
// starting with one of these is root's prompt, not a comment.
bool isOperatorCommand(std::string_view word)
{
    static constexpr std::array<std::string_view, 56> kCommands{
        "kubectl", "k",        "oc",    "journalctl", "systemctl", "service", "docker", "crictl", "ctr",  "nerdctl", "podman", "kubeadm",
        "kubelet", "minikube", "kind",  "helm",       "cat",       "tail",    "head",   "less",   "more", "grep",    "egrep",  "zgrep",
        "zcat",    "awk",      "sed",   "ls",         "cd",        "sudo",    "su",     "ssh",    "scp",  "ps",      "top",    "df",
        "free",    "uptime",   "date",  "dmesg",      "ip",        "ping",    "curl",   "wget",   "vi",   "vim",     "echo",   "export",
        "tar",     "mount",    "uname", "hostname",   "talosctl",  "pdsh",    "clush",  "pssh"};
    if (word.starts_with("./") || word.starts_with("/usr/") || word.starts_with("/bin/") || word.starts_with("/opt/"))
        return true;
    for (const auto c : kCommands)
        if (word == c)
            return true;
    return false;
}

// "kubectl get pods -A", "journalctl -u kubelet | tail", "crictl ps": a command, then nothing,
// an option, a path, or a subcommand word - not "kubelet logs below" or "docker was hung".
bool looksLikeCommandLine(std::string_view s)
{
    if (!isOperatorCommand(firstWord(s)))
        return false;
    const std::string_view rest = trimmed(s.substr(firstWord(s).size()));
    if (rest.empty() || rest[0] == '-' || rest[0] == '/' || rest[0] == '~' || rest[0] == '.' || rest[0] == '$' || rest[0] == '"'
        || rest[0] == '\'' || rest[0] == '|' || rest.find(" | ") != std::string_view::npos)
        return true;
    static constexpr std::array<std::string_view, 26> kSubcommands{
        "get",   "describe", "logs", "top",     "exec",   "apply", "delete", "edit",    "cordon", "drain", "uncordon", "status", "restart",
        "start", "stop",     "ps",   "inspect", "images", "pods",  "info",   "version", "config", "show",  "cat",      "list",   "rollout"};
    // Subcommands count after the tools that have them only ("kubelet logs below" is prose).
    static constexpr std::array<std::string_view, 13> kTools{"kubectl", "k",    "oc",      "docker",    "crictl",  "ctr",     "nerdctl",
                                                             "podman",  "helm", "kubeadm", "systemctl", "service", "talosctl"};
    const std::string_view second = firstWord(rest);
    if (std::find(kTools.begin(), kTools.end(), firstWord(s)) != kTools.end())
        for (const auto c : kSubcommands)
            if (second == c)
                return true;
    return second.find('/') != std::string_view::npos || second.find('=') != std::string_view::npos;
}

} // namespace

bool isBareCommandLine(std::string_view line)
{
    return looksLikeCommandLine(trimmed(line));
}

std::size_t pasteIndent(std::string_view line)
{
    size_t i = 0;
    while (i < line.size()) {
        if (line[i] == ' ' || line[i] == '\t')
            ++i;
        else if (line[i] == '>')
            ++i; // a quote marker: "> ", ">> ", ">" alone, or Markdown's ">" with no space (">Dec 17 ...")
        else if (line[i] == '`' && i + 1 < line.size() && line[i + 1] != '`' && line[i + 1] != ' ' && (i == 0 || line[i - 1] != '`'))
            ++i; // Markdown's inline code around one line ("`I1115 04:12:00.190703 ...`"), not a fence
        else
            break;
    }
    return i;
}

std::size_t terminalWrapWidth(std::string_view text)
{
    constexpr std::size_t kMaxCopiedText = 4u << 20, kNarrowestTerminal = 60;
    if (text.size() > kMaxCopiedText)
        return 0;
    // A cut: a line of the width, and under it one that does not begin as it does (the rest
    // of its text, not the next line of a log). The width is the length most cut at, where
    // most lines of that length are cut: a log's lines of one length are followed by lines
    // that begin as they do.
    struct Length {
        std::size_t lines = 0, cuts = 0;
    };
    std::map<std::size_t, Length> byLength;
    std::string_view above;
    // A terminal leaves no line longer than its width: a longer line (of one byte a column:
    // ASCII without tabs) says the text was not cut, and its lines of one length are a log's
    // (four starts of one apiserver, each ending on the same line before its "Error: ...").
    std::size_t longestAscii = 0;
    text::forEachLine(text, [&](std::string_view line, std::size_t, std::uint32_t) {
        if (line.ends_with('\r'))
            line.remove_suffix(1);
        if (line.size() >= kNarrowestTerminal)
            ++byLength[line.size()].lines;
        if (line.size() > longestAscii && std::all_of(line.begin(), line.end(), [](char c) { return c != '\t' && (c & 0x80) == 0; }))
            longestAscii = line.size();
        if (above.size() >= kNarrowestTerminal && isTerminalWrapPiece(above, line))
            ++byLength[above.size()].cuts;
        above = line;
    });
    const auto most =
        std::max_element(byLength.begin(), byLength.end(), [](const auto &a, const auto &b) { return a.second.cuts < b.second.cuts; });
    if (most == byLength.end() || most->second.cuts < 2 || most->second.cuts * 2 < most->second.lines || longestAscii > most->first)
        return 0;
    return most->first;
}

namespace {

// "\t/go/src/k8s.io/kubernetes/pkg/kubelet/kubelet.go:1234 +0x5e", indented by spaces (a
// structured stacktrace=< value, a page that turned the tab into spaces) or at the margin (1.x's
// callers' list, "/workspace/.../runtime.go:72"): the location line of a stack frame, which
// follows its function line of whatever length. The whole line is the location: a piece that
// only holds a ".go:N" ("   kubelet_node_status.go:94] ...") is a piece.
bool isGoFrameFileLine(std::string_view line)
{
    const std::size_t from = line.find_first_not_of(" \t");
    if (from == std::string_view::npos)
        return false;
    line.remove_prefix(from);
    const std::size_t space = std::min(line.find(' '), line.size());
    const std::string_view place = line.substr(0, space), rest = line.substr(space);
    const std::size_t go = place.rfind(".go:");
    if (go == std::string_view::npos || go + 4 == place.size()
        || !std::all_of(place.begin() + static_cast<std::ptrdiff_t>(go + 4), place.end(), text::isDigit))
        return false;
    // A margin line is a path (a journal's piece may begin with a file name and its line).
    return (from > 0 || place.starts_with('/')) && (rest.empty() || rest.starts_with(" +0x") || rest.starts_with(" fp="));
}

} // namespace

bool isTerminalWrapPiece(std::string_view head, std::string_view piece)
{
    // A piece may begin with a space: the terminal cut before a word. Not a piece: a
    // journal's "-- Reboot --", a line of a log, a Go stack's lines under a function line.
    return !piece.empty() && piece.substr(0, 3) != head.substr(0, 3) && !piece.starts_with("-- ") && !piece.starts_with('\t')
        && !isGoFrameFileLine(piece) && !piece.starts_with("goroutine ") && !lineFormatOf(piece);
}

// oh-my-zsh's default theme (robbyrussell): "➜  DIR git:(BRANCH) ✗ COMMAND"; the command, or "".
std::string_view ohMyZshCommand(std::string_view line)
{
    static const RE2 kArrow(R"(^➜  \S+(?: git:\([^)]*\))?(?: ✗)? +(\S.*)$)");
    re2::StringPiece command;
    if (!line.starts_with("➜  ") || !RE2::FullMatch(line, kArrow, &command))
        return {};
    return {command.data(), command.size()};
}

bool isShellPrompt(std::string_view line)
{
    if (!ohMyZshCommand(line).empty())
        return true;
    // bash defaults (\u@\h:\w\$, [\u@\h \W]\$, macOS's \h:\W \u\$, and \s-\v\$ where no PS1 is
    // set: "bash-5.0# " in a container), zsh's (%n@%m %1~ %#), busybox's in a container
    // ("/ # ", "~ $ "), oh-my-zsh's ("➜  ~ "), PowerShell's "PS C:\path>", Azure Cloud Shell's.
    static const RE2 kUserAtHost(R"(^[A-Za-z_][\w.-]*@[\w.-]+:[^\s$#]*[$#](?: |$))");
    static const RE2 kZsh(R"(^[A-Za-z_][\w.-]*@[\w.-]+ [^\s%#$]+ [%#](?: |$))");
    static const RE2 kMacBash(R"(^[\w.-]+:[^\s$#]+ [A-Za-z_][\w.-]*[$#](?: |$))");
    static const RE2 kBracketed(R"(^\[[A-Za-z_][\w.-]*@[\w.-]+(?: [^\]]*)?\][$#](?: |$))");
    static const RE2 kPowerShell(R"(^PS [A-Za-z]:\\[^>]*>(?: |$))");
    static const RE2 kShellVersion(R"(^(?:bash|sh|ksh|zsh)-\d+(?:\.\d+)*[$#](?: |$))");
    static const RE2 kBusybox(R"(^[/~][^\s#$]* [#$](?: |$))");
    // Azure Cloud Shell's "\u [ \W ]\$ " ("ajay [ ~ ]$ kubectl get events").
    static const RE2 kSpacedBrackets(R"(^[A-Za-z_][\w.-]* \[ [^\]]* \][$#](?: |$))");
    if (line == "$" || line.starts_with("$ "))
        return true;
    if (line.starts_with("# "))
        return looksLikeCommandLine(trimmed(line.substr(2)));
    if (line.find('@') != std::string_view::npos
        && (RE2::PartialMatch(line, kUserAtHost) || RE2::PartialMatch(line, kBracketed) || RE2::PartialMatch(line, kZsh)))
        return true;
    if (RE2::PartialMatch(line, kMacBash))
        return true;
    if ((line.starts_with('/') || line.starts_with('~')) && RE2::PartialMatch(line, kBusybox))
        return true;
    if (line.find(" [ ") != std::string_view::npos && RE2::PartialMatch(line, kSpacedBrackets))
        return true;
    if (line.find('-') != std::string_view::npos && RE2::PartialMatch(line, kShellVersion))
        return true;
    return line.starts_with("PS ") && RE2::PartialMatch(line, kPowerShell);
}

bool isViewerTimestampLine(std::string_view line)
{
    // A space between date and time, no zone: an RFC 3339 stamp alone is a cut CRI or
    // timestamped line, not understood.
    static const RE2 kStamp(R"(^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:[.,]\d{1,9})?[ \t]*$)");
    return line.size() >= 19 && line.size() <= 48 && text::isDigit(line[0]) && line[4] == '-' && RE2::FullMatch(line, kStamp);
}

std::string_view promptCommand(std::string_view line)
{
    if (const std::string_view zsh = ohMyZshCommand(line); !zsh.empty())
        return trimmed(zsh);
    if (!isShellPrompt(line))
        return {};
    // The prompt ends at its first "$ ", "# ", "% " or "> " (a user@host:path or [user@host
    // dir] prompt holds none before its end).
    std::size_t end = line.find_first_of("$#>%");
    while (end != std::string_view::npos && end + 1 < line.size() && line[end + 1] != ' ')
        end = line.find_first_of("$#>%", end + 1);
    return end == std::string_view::npos || end + 1 >= line.size() ? std::string_view{} : trimmed(line.substr(end + 2));
}

bool isMarkdownFence(std::string_view line)
{
    static const RE2 kFence(R"(^(?:`{3,}|~{3,})[ \t]*[\w+#.-]*[ \t]*$)");
    return (line.starts_with("```") || line.starts_with("~~~")) && RE2::FullMatch(line, kFence);
}

bool isElision(std::string_view line)
{
    static const RE2 kElision(R"(^[\[(<]?[ \t]*(?:\.{3,}|…+|snip|snipped|cut)[ \t]*[\])>]?$)");
    const std::string_view t = trimmed(line);
    return !t.empty() && t.size() <= 16 && RE2::FullMatch(t, kElision);
}

bool isCommentLine(std::string_view line)
{
    if (line == "#" || line == "//")
        return true;
    if (line.starts_with("// "))
        return true;
    const size_t hashes = line.find_first_not_of('#');
    return hashes != std::string_view::npos && hashes > 0 && hashes <= 6 && line[hashes] == ' ' && !isShellPrompt(line);
}

bool isTableHeader(std::string_view line)
{
    // Column names are upper case (digits, "-", "(S)", "/", "%" inside); a name may hold one
    // space ("NOMINATED NODE", "CONTAINER ID"), columns are two or more spaces apart.
    static const RE2 kHeader(
        R"(^[A-Z][A-Z0-9()/%_.-]*(?: [A-Z][A-Z0-9()/%_.-]*)?(?:(?: {2,}|\t)[A-Z][A-Z0-9()/%_.-]*(?: [A-Z][A-Z0-9()/%_.-]*)?)+ *$)");
    return line.size() >= 8 && line[0] >= 'A' && line[0] <= 'Z' && RE2::FullMatch(line, kHeader);
}

bool isJournalCatalogLine(std::string_view line, bool inCatalog)
{
    // Asked of every line no reader took: its first byte first ('-', or "░"'s lead byte).
    if (line.empty() || (line[0] != '-' && line[0] != '\xE2'))
        return false;
    if (line.starts_with("\u2591\u2591")) // "░░"
        return true;
    if (line.starts_with("-- Subject: ") || line.starts_with("-- Defined-By: ") || line.starts_with("-- Support: ")
        || line.starts_with("-- Documentation: "))
        return true;
    return inCatalog && (line.starts_with("-- ") || line == "--");
}

bool isPagerStatus(std::string_view line)
{
    // less's status line, as journalctl's pager leaves it in a copy: "lines 312-395/395 (END)".
    static const RE2 kLess(R"(^lines \d+-\d+(?:/\d+)?(?: \(END\)| \d+%)?$)");
    return (line.starts_with("lines ") && RE2::FullMatch(line, kLess)) || line == "(END)";
}

bool isKubectlError(std::string_view line)
{
    return line.starts_with("error: ") || line.starts_with("Error from server (") || line.starts_with("Error from server: ")
        || line.starts_with("Unable to connect to the server: ") || line.starts_with("Server returned an unexpected response: ")
        || (line.starts_with("The connection to the server ") && line.find(" was refused") != std::string_view::npos);
}

bool isUnitStatusHeader(std::string_view line)
{
    // The state glyph (systemd's special_glyph: ● active, ○ inactive, × failed; "*" without
    // UTF-8), the unit, " - " and its description.
    static const RE2 kUnit(R"(^(?:●|○|×|\*) [\w@:.\\-]+\.(?:service|socket|target|timer|mount|scope|slice|path|device|swap)(?: - .*)?$)");
    return RE2::FullMatch(line, kUnit);
}

bool isUnitStatusLine(std::string_view line)
{
    // systemctl right-aligns the labels (src/systemctl/systemctl-show.c print_status_info).
    static const RE2 kLabel(
        R"(^[ \t]+(?:Loaded|Drop-In|Active|Docs|Main PID|Process|Tasks|Memory|CPU|CGroup|Status|TriggeredBy|Triggers|Invocation|IP|IO|Mem peak|Swap peak|Listen|Accepted|Connected|Trigger|Warning|Notice):(?: |$))");
    static const RE2 kTree(R"(^[ \t]+(?:└─|├─|│|`-|\|-|\|))");
    return (line.starts_with(" ") || line.starts_with("\t")) && (RE2::PartialMatch(line, kLabel) || RE2::PartialMatch(line, kTree));
}

bool isShellTrace(std::string_view line)
{
    // bash prints PS4 ("+ ") once per nesting level before each traced command; a diff's
    // "+ \tField" (go-cmp) has a tab where the command would be.
    const size_t pluses = line.find_first_not_of('+');
    return pluses != std::string_view::npos && pluses > 0 && pluses <= 8 && line[pluses] == ' ' && pluses + 1 < line.size()
        && line[pluses + 1] != ' ' && line[pluses + 1] != '\t';
}

std::optional<DiagnosticReason> PasteReader::classify(std::string_view text, std::string_view asWritten, bool evidence)
{
    if (isBlank(text)) {
        // A blank line closing a table or `systemctl status` (before its journal excerpt) is
        // part of that output; a command's output may hold blank lines. Else it goes with the
        // line above when that was no log line either (the gap after a comment or a fence).
        const bool inOutput = m_block != Block::None;
        if (m_block == Block::Table || m_block == Block::UnitStatus)
            m_block = Block::None;
        return inOutput ? std::optional(DiagnosticReason::CommandOutput) : m_last;
    }
    m_last = recognise(text, asWritten, evidence);
    return m_last;
}

std::optional<DiagnosticReason> PasteReader::recognise(std::string_view text, std::string_view asWritten, bool evidence)
{
    if (m_block == Block::UnitStatus && (isUnitStatusLine(text) || isUnitStatusLine(asWritten)))
        return DiagnosticReason::CommandOutput;
    if (isJournalCatalogLine(text, m_block == Block::Catalog)) {
        m_block = Block::Catalog;
        return DiagnosticReason::CommandOutput;
    }
    if (m_block == Block::Catalog)
        m_block = Block::None;
    if (text[0] != ' ' && text[0] != '\t') {
        if (isMarkdownFence(text)) {
            m_block = Block::None;
            m_command = {};
            m_insideFence = !m_insideFence;
            m_sawFence = true;
            return DiagnosticReason::MarkdownFence;
        }
        if (isShellPrompt(text)) {
            m_block = Block::Command;
            m_command = promptCommand(text);
            return DiagnosticReason::ShellPrompt;
        }
        // The command typed with its prompt left out ("kubectl logs ... -f | grep -E ..." over
        // its output, kubernetes#110028), where a paste is known or nothing is yet to continue.
        if (evidence && isBareCommandLine(text)) {
            m_block = Block::Command;
            m_command = trimmed(text);
            return DiagnosticReason::ShellPrompt;
        }
        if (isUnitStatusHeader(text)) {
            m_block = Block::UnitStatus;
            return DiagnosticReason::CommandOutput;
        }
        if (isTableHeader(text)) {
            m_block = Block::Table;
            return DiagnosticReason::CommandOutput;
        }
        // A log viewer's time column copied on a line of its own above each line (Grafana's
        // and Loki's table view, "2026-01-25 10:10:06.782\t"), in the viewer's zone: its date
        // dates the line below (noteDateAbove), the line itself is none of the log's.
        if (isViewerTimestampLine(text))
            return DiagnosticReason::CommandOutput;
        // systemctl status's last word under its journal lines: "Hint: Some lines were ellipsized, use -l to show in full."
        if (isShellTrace(text) || isPagerStatus(text) || (text[0] == 'H' && text.starts_with("Hint: Some lines were ellipsized"))
            || (isKubectlError(text) && (evidence || !text.starts_with("error: "))))
            return DiagnosticReason::CommandOutput;
        if (evidence && isElision(text))
            return DiagnosticReason::Elision;
        if (evidence && isCommentLine(text))
            return DiagnosticReason::CommentLine;
    }
    if (m_block == Block::Table || m_block == Block::Command)
        return DiagnosticReason::CommandOutput;
    return std::nullopt;
}

// What Markdown and chat put before a sentence: bold ("**Anything else?**:"), a list's mark
// ("1. ", "- "), a mention ("@liggitt ").
std::string_view withoutMarkdownLead(std::string_view line)
{
    if (line.starts_with("**"))
        return line.substr(2);
    // A bullet before a capital: a sentence ("- Restarted containerd"), not YAML ("- name: x").
    if ((line.starts_with("- ") || line.starts_with("* ")) && line.size() > 2 && line[2] >= 'A' && line[2] <= 'Z')
        return line.substr(2);
    if (line.size() > 3 && text::isDigit(line[0]) && (line[1] == '.' || line[1] == ')') && line[2] == ' ')
        return line.substr(3);
    if (line.starts_with('@')) {
        const std::size_t space = line.find(' ');
        return space == std::string_view::npos ? std::string_view() : line.substr(space + 1);
    }
    return line;
}

bool isProse(std::string_view line)
{
    line = withoutMarkdownLead(trimmed(line));
    // A CJK character's UTF-8 lead byte is 0xE3-0xE9 (U+3000-U+9FFF: kana, ideographs, their
    // punctuation); symbols and box drawing (U+2000-U+2FFF, lead 0xE2) are no writing.
    const auto cjkLead = [](unsigned char byte) { return byte >= 0xE3 && byte <= 0xE9; };
    if (line.size() < 12 || !(std::isalpha(static_cast<unsigned char>(line[0])) || cjkLead(static_cast<unsigned char>(line[0]))))
        return false;
    // A Markdown link "[text](url)" is a writer's; other brackets are a program's.
    const bool link = line.find("](") != std::string_view::npos;
    // Quotes in a sentence that introduces what follows ('On the node, "journalctl -u kubelet"
    // outputs:'): a program's line rarely ends so.
    const bool introduces = line.ends_with(':') && std::count(line.begin(), line.end(), '"') % 2 == 0;
    if (line.find_first_of(introduces ? "={}<>|\\" : "={}<>|\\\"") != std::string_view::npos
        || (!link && line.find_first_of("[]") != std::string_view::npos))
        return false;
    // Several words of letters: a sentence, not an identifier, a path or a table row. Chinese
    // and Japanese put no space between words: each of their characters counts as one.
    int words = 0, letters = 0;
    bool inWord = false;
    for (char c : line) {
        const auto byte = static_cast<unsigned char>(c);
        const bool letter = std::isalpha(byte) || byte >= 0x80;
        letters += letter;
        if (c == ' ')
            inWord = false;
        else if (cjkLead(byte)) {
            ++words;
            inWord = true;
        } else if (!inWord) {
            inWord = true;
            ++words;
        }
    }
    return words >= 4 && letters * 10 >= static_cast<int>(line.size()) * 6 && line.find("  ") == std::string_view::npos;
}

bool PasteReader::inKubectlOwnOutput() const
{
    const std::string_view tool = firstWord(m_command);
    if (tool != "kubectl" && tool != "k" && tool != "oc")
        return false;
    // The first word after the tool's options is its subcommand.
    std::string_view rest = trimmed(m_command.substr(tool.size()));
    static constexpr std::array<std::string_view, 10> kValued{"-n",     "--namespace", "--context", "--kubeconfig", "--cluster",
                                                              "--user", "-s",          "--server",  "--as",         "--token"};
    while (rest.starts_with("-")) {
        const std::string_view option = firstWord(rest);
        rest = trimmed(rest.substr(option.size()));
        if (std::find(kValued.begin(), kValued.end(), option) != kValued.end())
            rest = trimmed(rest.substr(firstWord(rest).size())); // its value
    }
    static constexpr std::array<std::string_view, 7> kRelays{"logs", "exec", "attach", "run", "debug", "port-forward", "proxy"};
    return std::find(kRelays.begin(), kRelays.end(), firstWord(rest)) == kRelays.end();
}

} // namespace kubelane::core
