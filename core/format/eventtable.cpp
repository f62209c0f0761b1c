#include "eventtable.h"

#include "../util/textscan.h"
#include "kubeobjects.h"
#include "pastetext.h"

#include <array>

#include "../model/timestamp.h"

namespace kubelane::core {

namespace {

// Header words of every layout; two-word names first so "LAST SEEN" is not read as "LAST".
constexpr std::array kHeaderNames{"LAST SEEN", "FIRST SEEN", "NAMESPACE", "COUNT",  "NAME",   "KIND",
                                  "SUBOBJECT", "TYPE",       "REASON",    "OBJECT", "SOURCE", "MESSAGE"};

std::string_view trim(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
        s.remove_suffix(1);
    return s;
}

} // namespace

std::optional<EventTableLayout> parseEventTableHeader(std::string_view line)
{
    EventTableLayout layout;
    std::size_t i = 0;
    while (i < line.size()) {
        if (line[i] == ' ' || line[i] == '\t' || line[i] == '\r') {
            ++i;
            continue;
        }
        bool known = false;
        for (std::string_view name : kHeaderNames) {
            const std::size_t end = i + name.size();
            if (line.substr(i, name.size()) == name && (end == line.size() || line[end] == ' ' || line[end] == '\r')) {
                layout.columns.push_back({std::string(name), i});
                i = end;
                known = true;
                break;
            }
        }
        if (!known)
            return std::nullopt;
    }
    auto has = [&](std::string_view name) {
        for (const auto &c : layout.columns)
            if (c.name == name)
                return true;
        return false;
    };
    if (layout.columns.empty() || !has("LAST SEEN") || !has("REASON") || !has("MESSAGE") || !(has("OBJECT") || has("KIND")))
        return std::nullopt;
    return layout;
}

std::optional<EventTableLayout> inferEventTableLayout(std::string_view row)
{
    // Cells: runs of text apart by two spaces or more (a LAST SEEN of "5m (x3 over 10m)" has
    // single spaces inside); the message, the last, may hold anything.
    std::vector<std::size_t> starts;
    for (std::size_t i = 0; i < row.size();) {
        if (row[i] == ' ' || row[i] == '\t') {
            ++i;
            continue;
        }
        starts.push_back(i);
        const std::size_t gap = row.find("  ", i);
        i = gap == std::string_view::npos ? row.size() : gap;
    }
    const auto cell = [&](std::size_t k) {
        const std::size_t end = k + 1 < starts.size() ? starts[k + 1] : row.size();
        return trim(row.substr(starts[k], end - starts[k]));
    };
    // A wide row (-o wide) ends in FIRST SEEN, COUNT and the event's name ("web-0.17a2b3c4d5e6f7a8"),
    // and its SUBOBJECT may be empty: its cells cannot be told apart without the header.
    if (starts.size() >= 8) {
        const std::string_view count = cell(starts.size() - 2), name = cell(starts.size() - 1);
        if (!count.empty() && std::all_of(count.begin(), count.end(), [](char c) { return text::isDigit(c); })
            && name.find('.') != std::string_view::npos && parseKubectlAge(cell(starts.size() - 3)).has_value())
            return std::nullopt;
    }
    for (const bool allNamespaces : {false, true}) {
        const std::size_t at = allNamespaces ? 1 : 0; // LAST SEEN's cell
        if (starts.size() < at + 5)
            continue;
        const std::string_view age = cell(at), type = cell(at + 1), reason = cell(at + 2), object = cell(at + 3);
        const bool aged = parseKubectlAge(age).has_value() || age == "<unknown>" || age == "<invalid>";
        const bool oneWord = [](std::string_view s) { return !s.empty() && s.find(' ') == std::string_view::npos; }(reason);
        if (!aged || (type != "Normal" && type != "Warning") || !oneWord || object.find('/') == std::string_view::npos
            || object.find(' ') != std::string_view::npos)
            continue;
        EventTableLayout layout;
        if (allNamespaces)
            layout.columns.push_back({"NAMESPACE", starts[0]});
        constexpr std::array kNames{"LAST SEEN", "TYPE", "REASON", "OBJECT", "MESSAGE"};
        for (std::size_t k = 0; k < kNames.size(); ++k)
            layout.columns.push_back({kNames[k], starts[at + k]});
        return layout;
    }
    return std::nullopt;
}

bool runsGetEvents(std::string_view line)
{
    // kubectl's options that take a value in the next word ("-n kube-system").
    static constexpr std::array kValued{"-n",        "--namespace", "--context", "--kubeconfig", "--cluster",        "--user", "-s",
                                        "--server",  "--as",        "-l",        "--selector",   "--field-selector", "-o",     "--output",
                                        "--sort-by", "--for",       "--types",   "--chunk-size", "--request-timeout"};
    std::string_view prompted = promptCommand(line);
    // A prompt of no shape we know ("ajay [ ~ ]$ ", Azure Cloud Shell's): the command after
    // its last "$ ", "# " or "> " before the client's name.
    for (const std::string_view client : {"kubectl ", "oc ", "k ", "microk8s ", "k3s ", "sudo "}) {
        const std::size_t at = prompted.empty() ? line.find(client) : std::string_view::npos;
        if (at != std::string_view::npos && at >= 2 && line[at - 1] == ' '
            && std::string_view("$#>%").find(line[at - 2]) != std::string_view::npos) {
            prompted = line.substr(at);
            break;
        }
    }
    std::string_view command = trim(prompted.empty() ? line : prompted);
    bool client = false, get = false, skipValue = false;
    while (!command.empty()) {
        const std::size_t space = command.find(' ');
        const std::string_view word = command.substr(0, space);
        command = space == std::string_view::npos ? std::string_view{} : trim(command.substr(space));
        if (skipValue) {
            skipValue = false;
            continue;
        }
        if (!client) {
            // kubectl, /usr/local/bin/kubectl, microk8s.kubectl, "microk8s kubectl", k3s kubectl,
            // oc, the alias k; sudo and its options before them
            const std::string_view program = word.substr(word.rfind('/') + 1);
            client = program.ends_with("kubectl") || program == "oc" || program == "k";
            if (!client && word != "microk8s" && word != "k3s" && word != "sudo" && !word.starts_with('-'))
                return false;
        } else if (word.starts_with('-')) {
            skipValue = word.find('=') == std::string_view::npos && std::find(kValued.begin(), kValued.end(), word) != kValued.end();
        } else if (!get) {
            // `kubectl get events`, or `kubectl events` (1.26+, the same table)
            if (word == "events")
                return true;
            get = word == "get";
            if (!get)
                return false;
        } else {
            return word == "events" || word == "event" || word == "ev" || word.starts_with("events.");
        }
    }
    return false;
}

EventTableRow splitEventTableRow(std::string_view line, const EventTableLayout &layout)
{
    EventTableRow row;
    const auto &cols = layout.columns;
    bool hasObject = false;
    for (const auto &c : cols)
        hasObject = hasObject || c.name == "OBJECT";
    for (std::size_t k = 0; k < cols.size(); ++k) {
        const std::size_t start = cols[k].start;
        std::size_t end = k + 1 < cols.size() ? cols[k + 1].start : line.size();
        if (start >= line.size())
            break;
        // A cell wider than its column (tabwriter counts runes, a wide character shifts the
        // rest): the cell runs to the next run of two spaces.
        if (k + 1 < cols.size() && end < line.size() && line[end - 1] != ' ') {
            const std::size_t gap = line.find("  ", end);
            end = gap == std::string_view::npos ? line.size() : gap;
        }
        const std::string_view cell = trim(line.substr(start, end - start));
        const std::string &name = cols[k].name;
        std::string value(cell);
        if (name == "LAST SEEN")
            row.lastSeen = value;
        else if (name == "FIRST SEEN")
            row.firstSeen = value;
        else if (name == "NAMESPACE")
            row.namespace_ = value;
        else if (name == "COUNT")
            row.count = value;
        else if (name == "NAME")
            (hasObject ? row.eventName : row.name) = value; // 1.14+ wide: the event's name
        else if (name == "KIND")
            row.kind = value;
        else if (name == "SUBOBJECT")
            row.subobject = value;
        else if (name == "TYPE")
            row.type = value;
        else if (name == "REASON")
            row.reason = value;
        else if (name == "SOURCE")
            row.source = value;
        else if (name == "MESSAGE")
            row.message = value;
        else if (name == "OBJECT") {
            const std::size_t slash = cell.find('/');
            row.kind = std::string(cell.substr(0, slash == std::string_view::npos ? 0 : slash));
            row.name = std::string(slash == std::string_view::npos ? cell : cell.substr(slash + 1));
        }
    }
    return row;
}

std::optional<std::int64_t> parseKubectlAge(std::string_view text, std::string *count, std::int64_t *over)
{
    text = trim(text);
    std::string_view rest;
    if (const std::size_t paren = text.find(" (x"); paren != std::string_view::npos) {
        rest = text.substr(paren + 3);
        text = text.substr(0, paren);
    }
    if (text.empty())
        return std::nullopt;
    std::int64_t total = 0;
    std::size_t i = 0;
    while (i < text.size()) {
        std::int64_t n = 0;
        const std::size_t digits = i;
        while (i < text.size() && text::isDigit(text[i]) && i - digits < 9) // no overflow below
            n = n * 10 + (text[i++] - '0');
        if (i == digits || i >= text.size())
            return std::nullopt;
        switch (text[i++]) {
        case 's': total += n; break;
        case 'm': total += n * 60; break;
        case 'h': total += n * 3600; break;
        case 'd': total += n * 86400; break;
        case 'y': total += n * 365 * 86400; break;
        default: return std::nullopt;
        }
    }
    // "(x3 over 10m)"
    if (!rest.empty()) {
        const std::size_t space = rest.find(" over ");
        if (space != std::string_view::npos && rest.ends_with(')')) {
            if (count)
                *count = std::string(rest.substr(0, space));
            if (over)
                *over = parseKubectlAge(rest.substr(space + 6, rest.size() - space - 7)).value_or(0);
        }
    }
    return total;
}

std::optional<ObjectRecord> recordFromEventTableRow(const EventTableRow &row, std::int64_t capturedAt)
{
    std::string count = row.count;
    std::int64_t over = 0;
    std::optional<std::int64_t> age = parseKubectlAge(row.lastSeen, &count, &over);
    if (!age)
        age = parseKubectlAge(row.firstSeen); // LAST SEEN <unknown>: a series' events.k8s.io time
    if (!age || capturedAt <= 0 || *age > capturedAt)
        return std::nullopt;
    ObjectRecord r;
    r.utcNs = (capturedAt - *age) * kNsPerSecond;
    // SOURCE is "component, host" (formatEventSource).
    const std::size_t comma = row.source.find(", ");
    const std::string reporter = row.source.substr(0, comma);
    const std::string host = comma == std::string::npos ? std::string() : row.source.substr(comma + 2);
    r.component = reporter.empty() ? componentForEventReason(row.reason) : componentForEventSource(reporter);
    r.severity = row.type == "Warning" ? Severity::Warning : Severity::Info;
    r.message = row.type + " " + row.reason + " " + row.kind + "/" + row.name + ": " + row.message;
    if (!count.empty() && count != "1")
        r.message += " (x" + count + ")";
    auto add = [&](const char *key, const std::string &value) {
        if (!value.empty())
            r.fields.emplace_back(key, value);
    };
    // 1.14+ prints the kind lower-case ("pod/web-0", formatResourceName).
    std::string kind = row.kind;
    if (!kind.empty() && kind[0] >= 'a' && kind[0] <= 'z')
        kind[0] = static_cast<char>(kind[0] - 'a' + 'A');
    add("eventType", row.type);
    add("reason", row.reason);
    add("count", count);
    add("kind", kind);
    add("name", row.name);
    add("object", kind + "/" + (row.namespace_.empty() ? row.name : row.namespace_ + "/" + row.name));
    add("sourceComponent", reporter);
    add("sourceHost", host);
    add("message", row.message);
    add("eventName", row.eventName);
    add("age", row.lastSeen);
    if (kind == "Pod") {
        add("pod", row.namespace_.empty() ? row.name : row.namespace_ + "/" + row.name);
        const std::size_t open = row.subobject.find('{'), close = row.subobject.rfind('}');
        if (open != std::string::npos && close != std::string::npos && close > open)
            add("container", row.subobject.substr(open + 1, close - open - 1));
    }
    add("node", kind == "Node" ? row.name : host);
    return r;
}

} // namespace kubelane::core
