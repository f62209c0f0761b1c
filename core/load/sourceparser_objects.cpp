// SourceParser for what kubectl prints about API objects: JSON documents (`get -o json`, the
// documents of `cluster-info dump`), YAML (`get -o yaml`), the `get events` table and `describe node`. Every
// object that says when something happened (Event, Node, Pod) becomes events spanning its
// lines; the lines of other objects and of the list around them are counted as objects
// without a time, so every line is in an event or counted.
#include "sourceparser.h"

#include "../format/describenode.h"
#include "../format/eventtable.h"
#include "../format/kubeobjects.h"
#include "../format/kubeyaml.h"
#include "../util/textscan.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <set>

namespace kubelane::core {

namespace {

// What a line of an object file turned out to be; a stronger state wins.
enum LineState : std::uint8_t { Outside, Wrapper, WithoutTime, Malformed, InEvent };

template <typename LineView> std::vector<LineView> allLines(std::string_view bytes)
{
    std::vector<LineView> lines;
    text::forEachLine(bytes, [&](std::string_view text, std::size_t offset, std::uint32_t number) {
        lines.push_back({text, offset, number});
    });
    return lines;
}

// Names the file's content: "Kubernetes objects (JSON: NodeList; kubelet v1.27.3)".
std::string objectsDetail(const char *syntax, const std::vector<std::string> &kinds, const std::set<std::string> &kubelets)
{
    std::string detail = std::string("Kubernetes objects (") + syntax;
    for (std::size_t i = 0; i < kinds.size() && i < 4; ++i)
        detail += (i == 0 ? ": " : ", ") + kinds[i];
    if (kinds.size() > 4)
        detail += ", ...";
    if (!kubelets.empty()) {
        detail += "; kubelet";
        for (const std::string &v : kubelets)
            detail += " " + v;
    }
    return detail + ")";
}

void noteKind(std::vector<std::string> &kinds, std::string kind)
{
    if (!kind.empty() && std::find(kinds.begin(), kinds.end(), kind) == kinds.end())
        kinds.push_back(std::move(kind));
}

void noteKubelets(const std::vector<ObjectRecord> &records, std::set<std::string> &kubelets)
{
    for (const ObjectRecord &r : records)
        for (const auto &[k, v] : r.fields)
            if (k == "version")
                kubelets.insert(v);
}

} // namespace

void SourceParser::emitObjectRecords(const LineView &first, const LineView &last, const std::vector<ObjectRecord> &records)
{
    Source &src = m_out.source;
    for (const ObjectRecord &r : records) {
        m_fields.clear();
        for (const auto &[key, value] : r.fields)
            m_fields.add(key, value);
        m_fields.renameKeys([this](std::string_view k) { return m_types.canonicalField(k); });
        const std::uint64_t arenaAt = src.arena.size();
        src.arena += r.message;
        EventDraft d;
        d.first = first;
        d.length = last.offset + last.text.size() - first.offset;
        d.lineCount = last.number - first.number + 1;
        d.severity = r.severity;
        d.component = r.component;
        d.message = std::string_view(src.arena).substr(arenaAt);
        d.messageInArena = true;
        d.messageOffset = arenaAt;
        d.fieldsReady = true;
        d.time.exact = true;
        d.time.reference = r.utcNs;
        addEvent(d);
    }
}

void SourceParser::parseKubeObjects()
{
    Source &src = m_out.source;
    const std::string_view bytes = *src.bytes;
    const std::vector<LineView> lines = allLines<LineView>(bytes);
    src.lineCount = lines.size();
    std::vector<LineState> state(lines.size(), Outside);
    auto lineAt = [&](std::size_t offset) {
        const auto it = std::upper_bound(lines.begin(), lines.end(), offset, [](std::size_t o, const LineView &l) { return o < l.offset; });
        return static_cast<std::size_t>(it - lines.begin()) - 1;
    };
    auto mark = [&](ByteSpan span, LineState s) {
        if (span.end <= span.begin)
            return;
        for (std::size_t i = lineAt(span.begin), last = lineAt(span.end - 1); i <= last; ++i)
            state[i] = std::max(state[i], s);
    };
    std::vector<std::string> kinds;
    std::set<std::string> kubelets;
    for (const JsonDocumentSpan &doc : scanJsonDocuments(bytes)) {
        mark(doc.doc, doc.complete ? Wrapper : Malformed);
        if (!doc.complete)
            continue;
        auto readItem = [&](ByteSpan span, std::string_view listKind) {
            const auto item = nlohmann::json::parse(bytes.begin() + static_cast<std::ptrdiff_t>(span.begin),
                                                    bytes.begin() + static_cast<std::ptrdiff_t>(span.end), nullptr, false);
            if (item.is_discarded()) {
                mark(span, Malformed);
                return;
            }
            const std::string kind = itemKind(item, listKind);
            if (listKind.empty())
                noteKind(kinds, kind);
            const std::vector<ObjectRecord> records = recordsFromObject(item, kind);
            if (records.empty()) {
                mark(span, WithoutTime);
                return;
            }
            noteKubelets(records, kubelets);
            emitObjectRecords(lines[lineAt(span.begin)], lines[lineAt(span.end - 1)], records);
            mark(span, InEvent);
        };
        if (doc.hasItems) {
            noteKind(kinds, doc.kind);
            for (const ByteSpan &item : doc.items)
                readItem(item, doc.kind);
        } else {
            readItem(doc.doc, "");
        }
    }
    for (std::size_t i = 0; i < lines.size(); ++i) {
        switch (state[i]) {
        case InEvent: break;
        case Malformed: unparsed(lines[i], DiagnosticReason::MalformedJson); break;
        case Wrapper:
        case WithoutTime: notALogLine(lines[i], DiagnosticReason::ObjectWithoutTime); break;
        case Outside:
            // Blank lines between documents belong to the printout; text does not.
            if (text::isBlank(lines[i].text))
                notALogLine(lines[i], DiagnosticReason::ObjectWithoutTime);
            else
                unparsed(lines[i], DiagnosticReason::UnknownRecord);
            break;
        }
    }
    src.formatDetail = objectsDetail("JSON", kinds, kubelets);
}

void SourceParser::parseKubeYaml()
{
    Source &src = m_out.source;
    const std::vector<LineView> lines = allLines<LineView>(*src.bytes);
    src.lineCount = lines.size();
    std::vector<LineState> state(lines.size(), Wrapper);
    std::vector<std::string> kinds;
    std::set<std::string> kubelets;
    auto atColumn0 = [&](std::size_t i) { return !lines[i].text.empty() && lines[i].text[0] != ' '; };
    auto readItem = [&](std::size_t from, std::size_t to, std::string_view listKind) {
        while (to > from && lines[to - 1].text.find_first_not_of(' ') == std::string_view::npos)
            --to; // trailing blank lines stay the wrapper's
        if (to <= from)
            return;
        std::vector<std::string_view> text;
        for (std::size_t i = from; i < to; ++i)
            text.push_back(lines[i].text);
        const std::optional<nlohmann::json> item = parseKubectlYaml(text);
        LineState s = Malformed;
        if (item) {
            const std::string kind = itemKind(*item, listKind);
            if (listKind.empty())
                noteKind(kinds, kind);
            const std::vector<ObjectRecord> records = recordsFromObject(*item, kind);
            noteKubelets(records, kubelets);
            if (!records.empty())
                emitObjectRecords(lines[from], lines[to - 1], records);
            s = records.empty() ? WithoutTime : InEvent;
        }
        for (std::size_t i = from; i < to; ++i)
            state[i] = s;
    };
    // One document, between "---" lines: a list whose items are read one by one, or one object.
    auto readDocument = [&](std::size_t from, std::size_t to) {
        std::string listKind;
        std::size_t items = to;
        for (std::size_t i = from; i < to; ++i) {
            if (lines[i].text.starts_with("kind: "))
                listKind = std::string(lines[i].text.substr(6));
            if (lines[i].text == "items:")
                items = i;
        }
        if (items == to) {
            readItem(from, to, "");
            return;
        }
        noteKind(kinds, listKind);
        std::size_t i = items + 1;
        while (i < to && lines[i].text.starts_with("- ")) {
            std::size_t end = i + 1;
            while (end < to && !(atColumn0(end)))
                ++end;
            readItem(i, end, listKind);
            i = end;
        }
    };
    std::size_t docStart = 0;
    for (std::size_t i = 0; i <= lines.size(); ++i)
        if (i == lines.size() || lines[i].text == "---") {
            readDocument(docStart, i);
            docStart = i + 1;
        }
    for (std::size_t i = 0; i < lines.size(); ++i) {
        if (state[i] == Malformed)
            unparsed(lines[i], DiagnosticReason::UnknownRecord);
        else if (state[i] != InEvent)
            notALogLine(lines[i], DiagnosticReason::ObjectWithoutTime);
    }
    src.formatDetail = objectsDetail("YAML", kinds, kubelets);
}

void SourceParser::parseEventTable()
{
    Source &src = m_out.source;
    const std::int64_t capturedAt = src.modifiedTime;
    std::optional<EventTableLayout> layout;
    std::string layoutName;
    text::forEachLine(*src.bytes, [&](std::string_view text, std::size_t offset, std::uint32_t number) {
        ++src.lineCount;
        const LineView line = lineRead(text, offset, number);
        if (auto header = parseEventTableHeader(text)) {
            layout = std::move(header);
            const auto has = [&](std::string_view name) {
                return std::any_of(layout->columns.begin(), layout->columns.end(), [&](const auto &c) { return c.name == name; });
            };
            layoutName = has("KIND") ? "1.10-1.13 layout" : has("SUBOBJECT") ? "1.14+ wide layout" : "1.14+ layout";
            notALogLine(line, DiagnosticReason::CommandOutput);
            return;
        }
        if (text::isBlank(text) || text.starts_with("No resources found")) {
            notALogLine(line, DiagnosticReason::CommandOutput);
            return;
        }
        if (runsGetEvents(text)) {
            notALogLine(line, DiagnosticReason::ShellPrompt);
            return;
        }
        if (!layout) {
            layout = inferEventTableLayout(text);
            if (!layout) {
                unparsed(line, DiagnosticReason::NoTimestamp);
                return;
            }
            layoutName = layout->columns.front().name == "NAMESPACE" ? "1.14+ layout with NAMESPACE, header not pasted"
                                                                     : "1.14+ layout, header not pasted";
        }
        // Without the time the table was printed at, an age places nothing.
        const std::optional<ObjectRecord> record = recordFromEventTableRow(splitEventTableRow(text, *layout), capturedAt);
        if (!record) {
            notALogLine(line, DiagnosticReason::CommandOutput);
            return;
        }
        emitObjectRecords(line, line, {*record});
    });
    src.formatDetail = "kubectl get events table (" + layoutName + "); "
        + (capturedAt > 0 ? "times are the file's modification time " + formatRfc3339(Timestamp{capturedAt * kNsPerSecond}, 0)
                   + " less each row's age (LAST SEEN)"
                          : std::string("the file has no modification time: rows are not placed in time"));
}

// Each node's Conditions table, read as the Node object it describes, by the reader that takes
// them from pastes (onConditionsTableLine); the rest of the description is no log line
// (CommandOutput), the command that printed it a prompt's.
void SourceParser::parseDescribeNode()
{
    Source &src = m_out.source;
    text::forEachLine(*src.bytes, [&](std::string_view text, std::size_t offset, std::uint32_t number) {
        const LineView line = lineRead(text, offset, number);
        ++src.lineCount;
        if (onConditionsTableLine(line))
            return true;
        const bool prompt = text.starts_with("kubectl ") || text.starts_with("$ ");
        if (prompt)
            if (const std::string_view node = nodeOfDescribeCommand(text); !node.empty())
                noteDescribedNode(node, line.number);
        notALogLine(line, prompt ? DiagnosticReason::ShellPrompt : DiagnosticReason::CommandOutput);
        return true;
    });
    flushConditionsTable();
    const std::size_t nodes = m_file.conditionTables;
    src.formatDetail = "kubectl describe node: the Conditions table of " + std::to_string(nodes) + (nodes == 1 ? " node" : " nodes")
        + ", each condition at its lastTransitionTime";
}

} // namespace kubelane::core
