#pragma once
// Log text as users paste or capture it, not as the components wrote it: indented into a
// Markdown code block or quoted ("> ") in an e-mail, between shell prompts, fences, "..."
// where lines were cut, comments, and the output of the commands they ran (kubectl tables
// and errors, `systemctl status`, a container's `set -x` trace). One recogniser per kind;
// each looks at one line (without the paste's own indentation) and never at a log line:
// the parser tries every log line shape first.
#include "../model/source.h"

#include <optional>
#include <string_view>

namespace kubelane::core {

// Length of the indentation and quote markers before a pasted line's text: spaces, tabs and
// Markdown/e-mail quote markers ("> ", ">> ", "> > ").
std::size_t pasteIndent(std::string_view line);

// The width a terminal cut long lines at when its screen was copied (an 80-column console, a
// 157-column window, kubernetes#60827's journal), or 0: the length, at least 60 characters,
// of two lines or more each followed by a line that does not begin as it does (the rest of
// its text), when most lines of that length are. Only a text a person could copy is looked at (up to 4 MiB); the parser joins a
// line it cannot read to the line above only when that one is of the width
// (SourceParser::continuesTerminalWrap). Lengths are in bytes: a line with other than ASCII
// is not seen as cut.
std::size_t terminalWrapWidth(std::string_view text);
// Whether `piece`, a line under a line of the terminal's width, is the rest of `head` (the
// line the cut began in) rather than a line of its own: it is not empty, does not begin as
// `head` does, and no log format reads it.
bool isTerminalWrapPiece(std::string_view head, std::string_view piece);

// "$ kubectl logs ...", "user@host:~$ cmd", "[root@node3 ~]# cmd", "PS C:\> cmd", and "# cmd"
// when cmd is a command a node's root runs (else "# text" is a comment).
bool isShellPrompt(std::string_view line);
// The command a prompt runs ("kubectl get pods -A" of "root@node3:~# kubectl get pods -A");
// "" when the line is no prompt.
std::string_view promptCommand(std::string_view line);
// A line that is a date and time and nothing else: a log viewer's time column copied above
// the line it belongs to ("2026-01-25 10:10:06.782\t", Grafana's and Loki's table view).
bool isViewerTimestampLine(std::string_view line);
// A command typed with no prompt before it ("talosctl logs kubelet -n 10.0.0.2",
// "journalctl -u kubelet | tail"): an operator's tool, then options, paths or a subcommand.
bool isBareCommandLine(std::string_view line);
// ``` or ~~~ alone or with a language ("```console").
bool isMarkdownFence(std::string_view line);
// "...", "…", "[...]", "(...)", "[snip]": the paster cut lines out.
bool isElision(std::string_view line);
// "# what I did next", "## Heading", "// note".
bool isCommentLine(std::string_view line);
// A header row of a command's table: upper-case column names apart by two or more spaces
// ("NAME   READY   STATUS   RESTARTS   AGE", "CONTAINER ID   IMAGE", "NOMINATED NODE").
bool isTableHeader(std::string_view line);
// kubectl's own errors (staging/src/k8s.io/kubectl/pkg/cmd/util/helpers.go
// StandardErrorMessage and checkErr): "error: ...", "Error from server (NotFound): ...",
// "The connection to the server ... was refused - ...", "Unable to connect to the server: ...".
bool isKubectlError(std::string_view line);
// The pager's status line journalctl leaves in a copy ("lines 312-395/395 (END)").
bool isPagerStatus(std::string_view line);
// The explanation `journalctl -x` adds under a line from systemd's message catalog: "-- Subject:
// Unit kubelet.service has finished start-up", "-- Defined-By: systemd", "-- Support: ...", its
// text, and "-- " between; "░░ " in place of "-- " since systemd 246. `inCatalog`: the lines
// above were one (the text lines have no field name of their own).
bool isJournalCatalogLine(std::string_view line, bool inCatalog);
// The unit line that opens `systemctl status`: "● kubelet.service - kubelet: The ...".
bool isUnitStatusHeader(std::string_view line);
// A line of the block under it: "     Active: active (running) since ...", "   Main PID: 1187
// (kubelet)", the CGroup tree ("             └─1187 /usr/bin/kubelet ...").
bool isUnitStatusLine(std::string_view line);
// A shell's `set -x` trace before the process it starts: "+ exec kubelet --v=2", "++ hostname".
bool isShellTrace(std::string_view line);
// A sentence someone wrote around a pasted log ("Log showing untrusted pod and PLEG error."):
// words and punctuation, no key=value, no brackets or braces a program prints, not starting
// with a digit. Only asked outside a fence of a text that shows it is a paste.
bool isProse(std::string_view line);

// What a pasted line that is no log line is, given the block it is in. `evidence`: the text
// shows it is a paste or capture (indented or quoted log lines, a fence, a prompt), which the
// weaker kinds need - "# Generated by iptables-save" or "..." may also continue a real
// multi-line log entry.
class PasteReader {
public:
    // `text`: the line without the paste's indentation; `asWritten`: the whole line (a block's
    // own indentation, as systemctl's labels, may be all a line before any log line has).
    std::optional<DiagnosticReason> classify(std::string_view text, std::string_view asWritten, bool evidence);
    // The parser took the line for prose: a blank line after it goes with it.
    void noteProse() { m_last = DiagnosticReason::Prose; }
    // Inside a Markdown fence: a pasted block, where nothing is prose.
    bool insideFence() const { return m_insideFence; }
    bool sawFence() const { return m_sawFence; }
    // A log line ends any command's output.
    void endBlock()
    {
        m_block = Block::None;
        m_last.reset();
    }

    // The last prompt ran kubectl for itself, not to relay a container's output (`logs`,
    // `exec`, `attach`...): klog lines under it are kubectl's own (client-go's
    // "memcache.go:265] couldn't get current server API group list").
    bool inKubectlOwnOutput() const;

private:
    std::optional<DiagnosticReason> recognise(std::string_view text, std::string_view asWritten, bool evidence);
    enum class Block { None, Command, Table, UnitStatus, Catalog } m_block = Block::None;
    std::optional<DiagnosticReason> m_last; // the line above, when it was no log line
    std::string_view m_command;             // of the last prompt, until a fence
    bool m_insideFence = false, m_sawFence = false;
};

} // namespace kubelane::core
