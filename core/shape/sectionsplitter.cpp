#include "sectionsplitter.h"

#include "../format/envelopes.h"
#include "../format/formatdetection.h"
#include "../format/klogline.h"
#include "../format/pastetext.h"
#include "../format/sourceidentity.h"
#include "../util/textscan.h"

#include <re2/re2.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <map>
#include <optional>
#include <set>

namespace kubelane::core {

namespace {

// A section being collected: its lines are copied, so the file's bytes can be released.
struct SectionDraft {
    SourceInput input;
    std::string text;
};

using text::isBlank;

// Sections keyed by what each line says it belongs to (a prefix, a host, a file grep named),
// in the order their keys first come.
class KeyedSections {
public:
    // The text of `key`'s section, made by `make` when the key first comes.
    template <typename Make> std::string &textOf(std::string_view key, Make make)
    {
        auto it = m_byKey.find(key);
        if (it == m_byKey.end()) {
            it = m_byKey.emplace(std::string(key), m_sections.size()).first;
            m_sections.push_back(make());
        }
        return m_sections[it->second].text;
    }
    bool has(std::string_view key) const { return m_byKey.find(key) != m_byKey.end(); }
    std::vector<SectionDraft> &drafts() { return m_sections; }

private:
    std::vector<SectionDraft> m_sections;
    std::map<std::string, std::size_t, std::less<>> m_byKey;
};

// Everything of the file that belongs to no section: its frames and the blank lines between
// sections, and stray lines, which are parsed as they are.
struct Leftover {
    std::string text;
    std::uint32_t frames = 0;
    void add(std::string_view line)
    {
        if (isBlank(line))
            ++frames;
        else
            text.append(line).push_back('\n');
    }
    // A section's trailing blank lines separate it from the next header: they are the frame's.
    void takeTrailingBlankLines(std::string &section)
    {
        while (section.size() >= 2 && section.ends_with("\n\n")) {
            section.pop_back();
            ++frames;
        }
    }
};

SourceInput sectionOf(const InputFile &file, const std::string &name, const std::string &shape)
{
    SourceInput in;
    in.file.path = file.path + "#" + name;
    in.file.modifiedTime = file.modifiedTime;
    in.shape = shape;
    return in;
}

std::vector<SourceInput> finish(const InputFile &file, std::vector<SectionDraft> &sections, Leftover &rest, const std::string &shape)
{
    std::vector<SourceInput> out;
    for (auto &s : sections) {
        s.input.file.bytes = makeBytes(std::move(s.text));
        out.push_back(std::move(s.input));
    }
    // The file itself stays a source when anything of it is no section's: its frames are
    // counted there, its stray lines parsed.
    if (rest.text.empty() && rest.frames == 0)
        return out;
    SourceInput whole;
    whole.file.path = file.path;
    whole.file.modifiedTime = file.modifiedTime;
    whole.file.bytes = makeBytes(std::move(rest.text));
    whole.shape = shape;
    whole.frameLines = rest.frames;
    out.push_back(std::move(whole));
    return out;
}

// One source, line for line the file's (its line numbers stay the user's), each line as
// `strip` leaves it: a paste's bullets or quote markers off.
// The file read as `text`, which keeps its lines where they were.
std::vector<SourceInput> rewrittenFile(const InputFile &file, const std::string &shape, std::string text)
{
    SourceInput in;
    in.file.path = file.path;
    in.file.modifiedTime = file.modifiedTime;
    in.shape = shape;
    in.file.bytes = makeBytes(std::move(text));
    std::vector<SourceInput> out;
    out.push_back(std::move(in));
    return out;
}

template <typename Strip> std::vector<SourceInput> lineForLine(const InputFile &file, const std::string &shape, Strip strip)
{
    std::string text;
    text.reserve(file.bytes->size());
    text::forEachLine(*file.bytes, [&](std::string_view line, std::size_t, std::uint32_t) { text.append(strip(line)).push_back('\n'); });
    return rewrittenFile(file, shape, std::move(text));
}

// A static pod's name is its component and its node: "kube-apiserver-master-1".
std::string staticPodNode(std::string_view pod, std::string_view component)
{
    if (!isControlPlaneComponent(component) || !pod.starts_with(component) || pod.size() <= component.size() + 1
        || pod[component.size()] != '-')
        return {};
    return std::string(pod.substr(component.size() + 1));
}

void attributeContainer(SourceInput &in, std::string ns, std::string pod, std::string container, const char *origin)
{
    const std::string_view component = componentForProcess(container.empty() ? pod : container);
    in.identity.component = std::string(component);
    in.identity.node = staticPodNode(pod, component);
    in.identity.origin = origin;
    in.attribution.podNamespace = std::move(ns);
    in.attribution.podName = std::move(pod);
    in.attribution.container = std::move(container);
}

// `    "kind": "PodList",` and the first `"namespace": "x"` of a pretty-printed list name it.
// kubectl prints each namespace's lists in a fixed order starting with its events, so a list
// with no items (no namespace to read) belongs to the namespace of the lists before it.
class JsonDocumentNamer {
public:
    std::string name(std::string_view doc)
    {
        static const re2::RE2 kind(R"re(\n {4}"kind": "([A-Za-z]+)")re");
        static const re2::RE2 ns(R"re("namespace": "([^"]+)")re");
        std::string k, n;
        re2::RE2::PartialMatch(doc.substr(0, 1 << 20), kind, &k);
        re2::RE2::PartialMatch(doc.substr(0, 1 << 16), ns, &n);
        if (k.size() > 4 && k.ends_with("List"))
            k.resize(k.size() - 4);
        for (auto &c : k)
            c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        if (k.empty())
            k = "objects";
        if (k == "node")
            return "nodes";
        if (k == "event")
            m_namespace = !n.empty() ? n : "namespace " + std::to_string(++m_unnamed);
        else if (!n.empty())
            m_namespace = n;
        return m_namespace.empty() ? k + "s" : m_namespace + "/" + k + "s";
    }

private:
    std::string m_namespace;
    int m_unnamed = 0;
};

std::string_view firstNonEmptyLine(std::string_view bytes)
{
    std::string_view first;
    text::forEachLine(bytes.substr(0, 1 << 16), [&](std::string_view line, std::size_t, std::uint32_t) {
        if (isBlank(line))
            return true;
        first = line;
        return false;
    });
    return first;
}

const re2::RE2 &startFrame()
{
    // "==== START logs for container C of pod NS/NAME ====" (kubectl); other collectors print
    // "==== START logs for pod NS/NAME ====" or "==== START logs for NS/NAME ====".
    static const re2::RE2 re(R"(==== START logs for (?:container (\S+) of )?(?:pod )?([^/\s]+)/(\S+) ====)");
    return re;
}

// kubectl prints the node list first, as a pretty-printed JSON document at column 0, and then
// another document or a frame. Concatenated JSON of another kind (journalctl -o json-pretty,
// several `kubectl get -o json` outputs) is left whole to its format's reader.
bool startsWithNodeListAndMore(std::string_view bytes)
{
    bool closed = false, nodeList = false, second = false;
    text::forEachLine(bytes, [&](std::string_view line, std::size_t, std::uint32_t) {
        if (!closed) {
            nodeList = nodeList || line == "    \"kind\": \"NodeList\",";
            closed = line == "}";
            return true;
        }
        if (isBlank(line))
            return true;
        second = line == "{" || re2::RE2::FullMatch(line, startFrame());
        return false;
    });
    return nodeList && second;
}

bool isEndFrame(std::string_view line)
{
    return line.starts_with("==== END logs for ") && line.ends_with(" ====");
}

} // namespace

std::vector<SourceInput> splitClusterInfoDump(const InputFile &file)
{
    if (!file.bytes)
        return {};
    const std::string_view bytes = *file.bytes;
    const std::string_view first = firstNonEmptyLine(bytes);
    const bool framesFirst = re2::RE2::FullMatch(first, startFrame());
    const bool nodesFirst = first == "{" && startsWithNodeListAndMore(bytes);
    if (!framesFirst && !nodesFirst)
        return {};
    const std::string shape = "cluster-info dump";
    std::vector<SectionDraft> sections;
    Leftover rest;
    enum class In { Nothing, Json, Log } in = In::Nothing;
    JsonDocumentNamer namer;
    text::forEachLine(bytes, [&](std::string_view line, std::size_t, std::uint32_t) {
        std::string container, ns, pod;
        if (re2::RE2::FullMatch(line, startFrame(), &container, &ns, &pod)) {
            if (!sections.empty())
                rest.takeTrailingBlankLines(sections.back().text);
            SectionDraft s{sectionOf(file, ns + "/" + pod + (container.empty() ? "" : "/" + container), shape), {}};
            attributeContainer(s.input, ns, pod, container, "layout (cluster-info dump frame)");
            sections.push_back(std::move(s));
            in = In::Log;
            ++rest.frames;
            return;
        }
        if (in == In::Log && isEndFrame(line)) {
            in = In::Nothing;
            ++rest.frames;
            return;
        }
        if (in == In::Nothing && line == "{") {
            sections.push_back({sectionOf(file, "", shape), {}});
            in = In::Json;
        }
        if (in == In::Nothing)
            rest.add(line);
        else
            sections.back().text.append(line).push_back('\n');
        if (in == In::Json && line == "}") {
            SourceInput &doc = sections.back().input;
            doc.file.path += namer.name(sections.back().text);
            doc.identity.origin = "layout (cluster-info dump)";
            in = In::Nothing;
        }
    });
    return finish(file, sections, rest, shape);
}

namespace {

// "==> kubelet <==", "* ==> kube-apiserver [3f2a] <==": the section's name and the prefix
// every line of the output carries ("* " in some minikube versions).
bool parseTailHeader(std::string_view line, std::string &name, std::string &prefix)
{
    prefix.clear();
    if (line.starts_with("* ")) {
        prefix = "* ";
        line.remove_prefix(2);
    }
    if (!line.starts_with("==> ") || !line.ends_with(" <==") || line.size() < 9)
        return false;
    name = std::string(line.substr(4, line.size() - 8));
    return true;
}

constexpr int kLinesBeforeFirstHeader = 10;

bool isLogLine(std::string_view line)
{
    KlogHeader klog;
    JournaldLine journal;
    CriLine cri;
    return parseKlogHeader(line, klog) || parseJournaldLine(line, journal) || parseCriLine(line, cri);
}

// Sections minikube fills with command output rather than logs.
bool isCommandOutputSection(std::string_view name)
{
    return name == "Audit" || name == "container status" || name == "describe nodes" || name == "kernel";
}

bool isMinikubeSection(std::string_view name)
{
    return name == "Last Start" || name == "container status" || name == "describe nodes" || name == "Audit";
}

// A header's name as minikube and tail print them, and a log line hardly would: minikube's own
// sections, a component or its container ("kubelet", "kube-apiserver [3f2a9c]", the id quoted
// in some versions), a log file's path.
bool namesATailSection(std::string_view name)
{
    if (isMinikubeSection(name))
        return true;
    // minikube's sections of the node's journal and ring buffer.
    for (const std::string_view section : {"dmesg", "kernel", "Docker", "containerd", "CRI-O"})
        if (name == section)
            return true;
    if (name.starts_with('/'))
        return name.find(' ') == std::string_view::npos && (name.ends_with(".log") || name.find("/log/") != std::string_view::npos);
    const std::size_t bracket = name.find(" [");
    if (bracket != std::string_view::npos) {
        // A container and its id ("storage-provisioner [0e7c1d2a9b3f]", the id quoted in some
        // versions): minikube's mark, whatever the container.
        std::string_view id = name.substr(bracket + 2);
        if (!id.ends_with(']'))
            return false;
        id.remove_suffix(1);
        if (id.size() >= 2 && id.front() == '"' && id.back() == '"')
            id = id.substr(1, id.size() - 2);
        return id.size() >= 6
            && std::all_of(id.begin(), id.end(), [](char c) { return std::isxdigit(static_cast<unsigned char>(c)) != 0; });
    }
    std::string base(name);
    for (auto &c : base)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return base == "kubelet" || base == "etcd" || base.starts_with("kube-") || componentForProcess(base) != base;
}

void attributeTailSection(SourceInput &in, const std::string &name, bool minikube)
{
    in.identity.origin = minikube ? "layout (minikube logs section)" : "layout (tail section)";
    if (isCommandOutputSection(name) && minikube) {
        in.allLinesAre = DiagnosticReason::CommandOutput;
        return;
    }
    if (name == "Last Start" && minikube) {
        in.identity.component = "minikube";
        return;
    }
    // "kube-apiserver [3f2a9c]": a container's log, named by its container and container id.
    std::string_view base = name;
    bool container = false;
    if (const auto bracket = base.find(" ["); bracket != std::string_view::npos) {
        base = base.substr(0, bracket);
        container = true;
    }
    if (const auto slash = base.find_last_of('/'); slash != std::string_view::npos) // tail's file paths
        base = base.substr(slash + 1);
    // minikube names its runtime's journal "Docker", "containerd" or "CRI-O"; a name that is
    // no component's leaves the component to the journal's own identifiers.
    std::string lower(base);
    for (auto &c : lower)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    const std::string_view component = componentForProcess(lower);
    if (component != lower || lower == "kubelet" || lower == "etcd" || lower.starts_with("kube-"))
        in.identity.component = std::string(component);
    if (container && in.attribution.container.empty())
        in.attribution.container = std::string(base);
    if (!minikube) {
        const SourceIdentity fromPath = identityFromPath(name);
        if (in.identity.component.empty())
            in.identity.component = fromPath.component;
        in.identity.node = fromPath.node;
    }
}

} // namespace

std::vector<SourceInput> splitTailSections(const InputFile &file)
{
    if (!file.bytes)
        return {};
    // The first section header opens the output; a paste may have the command's prompt, or
    // a few lines of the terminal, above it. Log lines above it are a paste that begins inside
    // a section (the tail of `minikube logs`) only when the header names a section as minikube
    // and tail print them: a component's container ("kube-controller-manager [f67f81d405aa]"),
    // minikube's own, a log file's path. A log that quotes another header is a log.
    std::string name, prefix;
    bool found = false, logLineAbove = false;
    int looked = 0;
    text::forEachLine(std::string_view(*file.bytes).substr(0, 1 << 16), [&](std::string_view line, std::size_t, std::uint32_t) {
        if (line == "*" || line == "* " || isBlank(line))
            return true;
        found = parseTailHeader(line, name, prefix);
        logLineAbove = logLineAbove || (!found && isLogLine(line));
        if (found && logLineAbove)
            found = namesATailSection(name);
        return !found && (logLineAbove || ++looked < kLinesBeforeFirstHeader);
    });
    if (!found)
        return {};
    // minikube's own section names tell its output from a tail of several files.
    bool minikube = false;
    text::forEachLine(*file.bytes, [&](std::string_view line, std::size_t, std::uint32_t) {
        std::string n, p;
        if (parseTailHeader(line, n, p) && isMinikubeSection(n))
            minikube = true;
        return !minikube;
    });
    const std::string shape = minikube ? "minikube logs" : "tail of several files";
    std::vector<SectionDraft> sections;
    Leftover rest;
    text::forEachLine(*file.bytes, [&](std::string_view line, std::size_t, std::uint32_t) {
        std::string n, p;
        if (parseTailHeader(line, n, p) && p == prefix) {
            if (!sections.empty())
                rest.takeTrailingBlankLines(sections.back().text);
            SectionDraft s{sectionOf(file, n, shape), {}};
            attributeTailSection(s.input, n, minikube);
            sections.push_back(std::move(s));
            ++rest.frames;
            return;
        }
        if (!prefix.empty() && line.starts_with(prefix.substr(0, 1)))
            line.remove_prefix(std::min(line.size(), line.starts_with(prefix) ? prefix.size() : 1));
        if (sections.empty())
            rest.add(line);
        else
            sections.back().text.append(line).push_back('\n');
    });
    if (!sections.empty())
        rest.takeTrailingBlankLines(sections.back().text);
    return finish(file, sections, rest, shape);
}

} // namespace kubelane::core

namespace kubelane::core {

namespace {

// "[pod/web-7b8d9c5f6d-5j2xq/nginx] " -> pod, container and the length of the prefix.
bool parseLogPrefix(std::string_view line, std::string_view &pod, std::string_view &container, std::size_t &length)
{
    if (!line.starts_with("[pod/"))
        return false;
    const std::size_t close = line.find("] ");
    const std::size_t slash = line.find('/', 5);
    if (close == std::string_view::npos || slash == std::string_view::npos || slash >= close || slash == 5 || slash + 1 == close)
        return false;
    pod = line.substr(5, slash - 5);
    container = line.substr(slash + 1, close - slash - 1);
    length = close + 2;
    return container.find_first_of("/ ") == std::string_view::npos && pod.find(' ') == std::string_view::npos;
}

// "[web-7b8d9c5f6d-5j2xq] " (kubetail and tools like it: the pod's name alone) -> the pod and
// the length of the prefix. The name is a Kubernetes object name with a dash (pod names have
// one), so "[INFO] ", "[  12.345] " (dmesg) and "[Jun 28 ..." are not names.
bool parsePodNamePrefix(std::string_view line, std::string_view &pod, std::size_t &length)
{
    if (!line.starts_with('['))
        return false;
    const std::size_t close = line.find("] ");
    if (close == std::string_view::npos || close < 4 || close > 254)
        return false;
    pod = line.substr(1, close - 1);
    length = close + 2;
    const bool lowerName =
        std::all_of(pod.begin(), pod.end(), [](char c) { return (c >= 'a' && c <= 'z') || text::isDigit(c) || c == '-' || c == '.'; });
    return lowerName && pod.find('-') != std::string_view::npos && pod.front() != '-' && pod.back() != '-';
}

} // namespace

std::vector<SourceInput> splitPrefixedLines(const InputFile &file)
{
    if (!file.bytes)
        return {};
    // Every one of the first non-blank lines carries the prefix: a log that merely mentions
    // "[pod/..." somewhere is not cut. Under a bare pod name one at least must be a log line.
    int seen = 0, logLines = 0;
    bool prefixed = true, podNamesOnly = true;
    text::forEachLine(file.bytes->substr(0, 1 << 16), [&](std::string_view line, std::size_t, std::uint32_t) {
        if (isBlank(line))
            return true;
        std::string_view pod, container;
        std::size_t length = 0;
        if (parseLogPrefix(line, pod, container, length)) {
            podNamesOnly = false;
        } else {
            prefixed = parsePodNamePrefix(line, pod, length);
            logLines += prefixed && lineFormatOf(line.substr(length)) != nullptr;
        }
        return prefixed && ++seen < 20;
    });
    if (!prefixed || seen == 0 || (podNamesOnly && logLines == 0))
        return {};
    const std::string shape = podNamesOnly ? "lines prefixed by [pod] (kubetail)" : "kubectl logs --prefix";
    KeyedSections sections;
    Leftover rest;
    text::forEachLine(*file.bytes, [&](std::string_view line, std::size_t, std::uint32_t) {
        std::string_view pod, container;
        std::size_t length = 0;
        if (!(podNamesOnly ? parsePodNamePrefix(line, pod, length) : parseLogPrefix(line, pod, container, length))) {
            rest.add(line); // kubectl's own errors between the lines are parsed as they are
            return;
        }
        sections
            .textOf(
                line.substr(0, length),
                [&] {
                    SectionDraft s{sectionOf(file, std::string(pod) + (container.empty() ? "" : "/" + std::string(container)), shape), {}};
                    attributeContainer(s.input, "", std::string(pod), std::string(container),
                                       podNamesOnly ? "layout ([pod] prefix)" : "layout (kubectl logs --prefix)");
                    return s;
                })
            .append(line.substr(length))
            .push_back('\n');
    });
    return finish(file, sections.drafts(), rest, shape);
}

} // namespace kubelane::core

namespace kubelane::core {

namespace {

// "worker-3: Jun 12 08:14:02 worker-3 kubelet[1]: ..." (pdsh, clush, pssh -P; talosctl given
// several nodes, "10.1.1.2: user: warning: [...]: ..."): the host and the length of its prefix,
// when what follows is a line of a known log shape. A host is a name or an IPv4 or IPv6
// address; an IPv6 address has colons of its own, so the host ends at the first ": ".
// "journal.log", "kubelet.txt", "messages-20240101.gz": a file's name where a host's would be
// (the output of a tool over several files), which names no node.
bool namesAFile(std::string_view prefix)
{
    for (const std::string_view extension : {".log", ".txt", ".gz", ".json", ".out"}) {
        const std::size_t at = prefix.rfind(extension);
        if (at != std::string_view::npos && at > 0
            && (at + extension.size() == prefix.size() || prefix[at + extension.size()] == '.' || prefix[at + extension.size()] == '-'))
            return true;
    }
    return false;
}

// What a paste puts above the log it shows: a heading, a label ("Kubelet:") or comment, a fence
// (or Markdown's lone backtick), a prompt or the bare command that printed the log, a line of
// prose, an elision.
bool isPasteFurniture(std::string_view line)
{
    const std::string_view t = line.substr(pasteIndent(line));
    // "Kubelet:", "Logs of worker-1:": a few words, not a log line's end ("... stderr F error:").
    const bool label =
        t.size() < 40 && t.ends_with(':') && std::count(t.begin(), t.end(), ' ') <= 3 && t.find_first_of("{}=[]") == std::string_view::npos;
    return t == "`" || label || isMarkdownFence(t) || isCommentLine(t) || isShellPrompt(t) || isBareCommandLine(t) || isElision(t)
        || isProse(t);
}

bool parseHostPrefix(std::string_view line, std::string_view &host, std::size_t &length)
{
    const std::size_t colon = line.find(": ");
    if (colon == std::string_view::npos || colon == 0 || colon > 253)
        return false;
    host = line.substr(0, colon);
    const bool hostName = std::isalnum(static_cast<unsigned char>(host[0])) && std::all_of(host.begin(), host.end(), [](char c) {
                              return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '-' || c == '_' || c == ':';
                          });
    length = colon + 2;
    const std::string_view rest = line.substr(length);
    return hostName && ((rest.starts_with("{\"") && rest.ends_with("}")) || lineFormatOf(rest) != nullptr);
}

} // namespace

std::vector<SourceInput> splitHostPrefixedLines(const InputFile &file)
{
    if (!file.bytes)
        return {};
    // Every one of the first non-blank lines is a host's log line, but for what a paste puts
    // around them (a heading, a fence, the command that printed them): talosctl's users paste
    // the command with its output.
    int seen = 0, furniture = 0;
    bool prefixed = true;
    text::forEachLine(std::string_view(*file.bytes).substr(0, 1 << 16), [&](std::string_view line, std::size_t, std::uint32_t) {
        if (isBlank(line))
            return true;
        std::string_view host;
        std::size_t length = 0;
        prefixed = parseHostPrefix(line, host, length);
        if (!prefixed && furniture < 8 && isPasteFurniture(line)) {
            ++furniture;
            return prefixed = true;
        }
        return prefixed && ++seen < 20;
    });
    if (!prefixed || seen < (furniture > 0 ? 2 : 1))
        return {};
    const std::string shape = "lines prefixed by host (pdsh, clush, pssh -P, talosctl -n A,B)";
    KeyedSections sections;
    Leftover rest;
    text::forEachLine(*file.bytes, [&](std::string_view line, std::size_t, std::uint32_t) {
        std::string_view host;
        std::size_t length = 0;
        // A line of another shape goes with the file (a stack frame of a host's entry cannot
        // be told from the tool's own output there).
        const std::size_t colon = line.find(": ");
        if (colon == std::string_view::npos || !sections.has(line.substr(0, colon))) {
            if (!parseHostPrefix(line, host, length)) {
                rest.add(line);
                return;
            }
        } else {
            host = line.substr(0, colon);
            length = colon + 2;
        }
        sections
            .textOf(host,
                    [&] {
                        SectionDraft s{sectionOf(file, std::string(host), shape), {}};
                        if (namesAFile(host)) { // its lines say their host; its name may say its component
                            s.input.identity = identityFromPath(host);
                        } else {
                            s.input.identity.node = std::string(host);
                            s.input.identity.origin = "layout (host prefix)";
                        }
                        return s;
                    })
            .append(line.substr(length))
            .push_back('\n');
    });
    return finish(file, sections.drafts(), rest, shape);
}

} // namespace kubelane::core

namespace kubelane::core {

namespace {

// The bulleted lines a terminal cut (minikube#3649's 80-column copy): a piece under a line of
// the width, without the bullet, is the rest of that line.
class BulletedTerminalCut {
public:
    explicit BulletedTerminalCut(std::size_t width) : m_width(width) { }
    // Whether `line` continues the line read before it; call once per line, in order.
    bool continues(std::string_view line)
    {
        const bool piece = m_width != 0 && m_above.size() == m_width && !line.starts_with("* ") && isTerminalWrapPiece(m_head, line);
        if (!piece)
            m_head = line;
        m_above = line;
        return piece;
    }

private:
    std::size_t m_width;
    std::string_view m_head, m_above;
};

bool firstNonBlankLineIsBulleted(std::string_view text)
{
    bool bulleted = false;
    text::forEachLine(text, [&](std::string_view line, std::size_t, std::uint32_t) {
        if (isBlank(line))
            return true;
        bulleted = line.starts_with("* ") || line == "*";
        return false;
    });
    return bulleted;
}

} // namespace

std::vector<SourceInput> splitBulletedLines(const InputFile &file)
{
    if (!file.bytes)
        return {};
    // Every one of the first non-blank lines has the bullet, and most are log lines under it
    // (a stack frame or a multi-line value may sit among them).
    int seen = 0, logLines = 0;
    bool bulleted = true;
    const std::string_view head = std::string_view(*file.bytes).substr(0, 1 << 16);
    // Nearly every file this is asked about is no bulleted paste, and says so at its first line:
    // the terminal's width, a scan of the whole text, is looked for only in one that may be.
    if (!firstNonBlankLineIsBulleted(head))
        return {};
    const std::size_t width = terminalWrapWidth(*file.bytes); // one width for the test and the rewrite
    BulletedTerminalCut cut(width);
    text::forEachLine(head, [&](std::string_view line, std::size_t, std::uint32_t) {
        if (cut.continues(line) || isBlank(line) || line == "*")
            return true;
        bulleted = line.starts_with("* ");
        logLines += bulleted && lineFormatOf(line.substr(2)) != nullptr;
        return bulleted && ++seen < 20;
    });
    if (!bulleted || seen == 0 || logLines * 2 < seen)
        return {};
    // Without its bullet a cut line is shorter than its pieces, which the parser then could not
    // tell for one: the pieces are joined to it here. Each piece's own line is left blank, so
    // that every line keeps its number in the file.
    std::string text;
    text.reserve(file.bytes->size());
    std::size_t piecesOfLast = 0;
    BulletedTerminalCut wholeCut(width);
    text::forEachLine(*file.bytes, [&](std::string_view line, std::size_t, std::uint32_t) {
        if (wholeCut.continues(line)) {
            text.pop_back(); // the '\n' of the line it continues (its pieces' blank lines come after)
            text.append(line).push_back('\n');
            ++piecesOfLast;
            return;
        }
        text.append(piecesOfLast, '\n');
        piecesOfLast = 0;
        text.append(line.starts_with("* ") || line == "*" ? line.substr(std::min<std::size_t>(line.size(), 2)) : line).push_back('\n');
    });
    text.append(piecesOfLast, '\n');
    return rewrittenFile(file, "lines bulleted \"* \" (minikube logs without its ==> NAME <== frames)", std::move(text));
}

} // namespace kubelane::core

namespace kubelane::core {

namespace {

// Pastes are small; a heading is a short line.
constexpr std::size_t kMostHeadedPasteBytes = 4u << 20;
constexpr std::size_t kLongestHeading = 300;
constexpr int kLinesFromHeadingToLog = 4; // a fence, a blank line, a prompt between

bool isWordChar(char c)
{
    return std::isalnum(static_cast<unsigned char>(c)) != 0;
}

bool hasWord(std::string_view lower, std::string_view word)
{
    for (std::size_t at = lower.find(word); at != std::string_view::npos; at = lower.find(word, at + 1)) {
        const std::size_t end = at + word.size();
        if ((at == 0 || !isWordChar(lower[at - 1])) && (end == lower.size() || !isWordChar(lower[end])))
            return true;
    }
    return false;
}

// Where the next "log" or "logs" word ("log", "Logs", "LOGS") starts at or after `from`, or
// npos: every heading says it. The whole file is searched for it before anything dearer (the
// log formats' readers) is asked: "og"/"OG" with the library's search (memchr at heart; about
// 3 instructions a byte), and only around each hit a look at the word.
std::size_t nextLogWord(std::string_view s, std::size_t from)
{
    std::size_t lower = s.find("og", from + 1), upper = s.find("OG", from + 1);
    while (lower != std::string_view::npos || upper != std::string_view::npos) {
        std::size_t &hit = upper == std::string_view::npos || (lower != std::string_view::npos && lower < upper) ? lower : upper;
        const std::size_t start = hit - 1;
        std::size_t end = hit + 2;
        hit = s.find(s.substr(hit, 2), hit + 1);
        if ((s[start] | 0x20) != 'l')
            continue;
        if (end < s.size() && (s[end] | 0x20) == 's')
            ++end;
        if ((start == 0 || !isWordChar(s[start - 1])) && (end == s.size() || !isWordChar(s[end])))
            return start;
    }
    return std::string_view::npos;
}

bool mentionsLog(std::string_view line)
{
    return nextLogWord(line, 0) != std::string_view::npos;
}

std::string lowerCase(std::string_view line)
{
    std::string lower(line);
    for (auto &c : lower)
        c = c == '_' ? ' ' : static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    for (const auto &[spaced, joined] : {std::pair{"kube ", "kube-"}, std::pair{"controller manager", "controller-manager"}})
        for (std::size_t at = lower.find(spaced); at != std::string::npos; at = lower.find(spaced, at + 1))
            lower.replace(at, std::string_view(spaced).size(), joined);
    return lower;
}

// Shaped as a heading: it ends with a colon ("kube-scheduler logs:", "**... Logs :**"), or is
// a Markdown heading or all bold. A sentence in the middle of a paste is none of these.
bool shapedAsHeading(std::string_view line)
{
    std::string_view t = line;
    while (!t.empty() && (t.back() == ' ' || t.back() == '*' || t.back() == '.' || t.back() == '`' || t.back() == '\r'))
        t.remove_suffix(1);
    return t.ends_with(':') || line.starts_with('#') || (line.starts_with("**") && t.size() < line.size());
}

// A line of a paste that heads the log under it: a prompt running a container's or pod's
// logs (`kubectl logs`, `docker logs`, `crictl logs`), which ends the section above whether
// or not it names a component, or a line shaped as a heading that names one component and a
// log ("The logs of kube-controller-manager are as follows", "kube scheduler Logs :").
struct Heading {
    bool found = false;
    bool command = false;
    std::string_view component;
};

// `line` is no log line (the caller read it).
Heading headingOf(std::string_view line)
{
    if (line.size() > kLongestHeading || isBlank(line))
        return {};
    const std::string lower = lowerCase(line);
    if (const std::string_view command = promptCommand(line); !command.empty()) {
        const std::string run = lowerCase(command);
        // `k` and `kubecolor` stand for kubectl in many shells, `oc` is OpenShift's: short words,
        // so only as the command itself (after a sudo), not anywhere (`journalctl -k`).
        constexpr std::array<std::string_view, 5> kLogTools{"kubectl", "docker", "crictl", "nerdctl", "podman"};
        constexpr std::array<std::string_view, 3> kAliases{"k", "kubecolor", "oc"};
        std::string_view tool = std::string_view(run).substr(0, run.find(' '));
        if (tool == "sudo" && run.size() > 5)
            tool = std::string_view(run).substr(5, run.find(' ', 5) - 5);
        const bool logs = hasWord(run, "logs")
            && (std::any_of(kLogTools.begin(), kLogTools.end(), [&](std::string_view t) { return hasWord(run, t); })
                || std::find(kAliases.begin(), kAliases.end(), tool) != kAliases.end());
        // A pager or tail on a log file ("tail kube-controller-manager-minikube_kube-system_....log").
        const bool readsLogFile =
            (hasWord(run, "tail") || hasWord(run, "cat") || hasWord(run, "less") || hasWord(run, "more") || hasWord(run, "head"))
            && run.find(".log") != std::string::npos;
        return logs || readsLogFile ? Heading{true, true, componentNamedIn(run)} : Heading{};
    }
    if ((!hasWord(lower, "logs") && !hasWord(lower, "log")) || lower.find('/') != std::string::npos || !shapedAsHeading(line))
        return {};
    const std::string_view component = componentNamedIn(lower);
    return component.empty() ? Heading{} : Heading{true, false, component};
}

// Where a log line begins inside a heading's line ("**kube scheduler Logs :** I1228 ..."), or npos.
std::size_t logAfterHeading(std::string_view line)
{
    for (std::size_t at = line.find(' '); at != std::string_view::npos; at = line.find(' ', at + 1))
        if (at + 1 < line.size() && line[at + 1] != ' ' && lineFormatOf(line.substr(at + 1)) != nullptr)
            return at + 1;
    return std::string_view::npos;
}

// A static pod's node from the pod a `docker logs k8s_C_POD_NS_...` or `kubectl logs POD`
// command names.
std::string nodeOfCommand(std::string_view command, std::string_view component)
{
    std::string words(command);
    std::replace(words.begin(), words.end(), '_', ' ');
    std::string node;
    text::forEachListItem(words, ' ', [&](std::string_view word) {
        if (node.empty())
            node = staticPodNode(word, component);
    });
    return node;
}

struct HeadingAt {
    std::uint32_t line;
    std::string_view text; // the heading's line
    Heading heading;
    std::size_t inlineLog; // npos: the log starts on a line below
};

// The line around byte `at`: its first byte and its end (before "\n" or "\r\n").
std::pair<std::size_t, std::size_t> lineAround(std::string_view s, std::size_t at)
{
    const std::size_t newlineBefore = at == 0 ? std::string_view::npos : s.rfind('\n', at - 1);
    const std::size_t begin = newlineBefore == std::string_view::npos ? 0 : newlineBefore + 1;
    std::size_t end = std::min(s.find('\n', at), s.size());
    if (end > begin && s[end - 1] == '\r')
        --end;
    return {begin, end};
}

// Whether a log line comes within a few lines below the heading that ends at `end`, before any
// other heading (which then heads it instead).
bool logLineUnder(std::string_view s, std::size_t end)
{
    for (int i = 0; i <= kLinesFromHeadingToLog && end < s.size(); ++i) {
        const auto [begin, lineEnd] = lineAround(s, end + 1);
        const std::string_view line = s.substr(begin, lineEnd - begin);
        if (lineFormatOf(line) != nullptr || readUnderPasteIndent(line.substr(pasteIndent(line))))
            return true;
        if (mentionsLog(line) && headingOf(line.substr(0, logAfterHeading(line))).found)
            return false;
        end = std::min(s.find('\n', begin), s.size());
    }
    return false;
}

// The headings a log line follows within a few lines, in order. Only the lines that say "log"
// are looked at, and the few under a heading read.
std::vector<HeadingAt> headingsOverLogs(std::string_view bytes)
{
    std::vector<HeadingAt> headings;
    std::size_t counted = 0;  // newlines are counted up to here
    std::uint32_t number = 1; // the line number at `counted`
    for (std::size_t at = nextLogWord(bytes, 0); at != std::string_view::npos;) {
        const auto [begin, end] = lineAround(bytes, at);
        at = nextLogWord(bytes, std::min(bytes.size(), end + 1));
        const std::string_view line = bytes.substr(begin, end - begin);
        if (line.size() > kLongestHeading * 2 || lineFormatOf(line) != nullptr)
            continue;
        const std::size_t inlineLog = logAfterHeading(line);
        const Heading h = headingOf(line.substr(0, inlineLog));
        if (!h.found)
            continue;
        const bool inlineHeading = inlineLog != std::string_view::npos && !h.command;
        if (!inlineHeading && !logLineUnder(bytes, end))
            continue;
        number +=
            static_cast<std::uint32_t>(std::count(bytes.begin() + std::ptrdiff_t(counted), bytes.begin() + std::ptrdiff_t(begin), '\n'));
        counted = begin;
        headings.push_back({number, line, h, inlineHeading ? inlineLog : std::string_view::npos});
    }
    return headings;
}

// Whether a log line comes before line `number`: one heading cuts a paste in two only then.
bool logLineBefore(std::string_view bytes, std::uint32_t number)
{
    bool found = false;
    text::forEachLine(bytes, [&](std::string_view line, std::size_t, std::uint32_t at) {
        found = at < number && lineFormatOf(line) != nullptr;
        return !found && at + 1 < number;
    });
    return found;
}

} // namespace

namespace {

// The identity one heading over a whole paste gives it (headings: the paste's, one, no log line
// above it).
SourceIdentity identityFromSoleHeading(const InputFile &file, const HeadingAt &sole)
{
    const Heading &h = sole.heading;
    if (h.component.empty())
        return {};
    bool commandFailed = false; // kubectl's own error under its prompt: the lines are not the pod's
    text::forEachLine(*file.bytes, [&](std::string_view line, std::size_t, std::uint32_t) {
        commandFailed = commandFailed || isKubectlError(line);
        return !commandFailed;
    });
    if (commandFailed)
        return {};
    SourceIdentity id;
    id.component = std::string(h.component);
    id.origin = "layout (the heading above the paste)";
    id.componentFromHeading = true;
    if (h.command)
        id.node = nodeOfCommand(promptCommand(sole.text), h.component);
    return id;
}

} // namespace

std::vector<SourceInput> splitHeadedPaste(const InputFile &file, SourceIdentity *soleHeading)
{
    if (!file.bytes || file.bytes->size() > kMostHeadedPasteBytes)
        return {};
    const std::vector<HeadingAt> headings = headingsOverLogs(*file.bytes);
    if (headings.empty())
        return {};
    if (headings.size() == 1 && !logLineBefore(*file.bytes, headings.front().line)) {
        if (soleHeading)
            *soleHeading = identityFromSoleHeading(file, headings.front());
        return {};
    }
    // A paste (a fence, a prompt, prose), or headings of two components: a log file's own
    // line that happens to read like a heading does not cut it.
    const bool twoComponents = std::any_of(headings.begin(), headings.end(), [&](const HeadingAt &h) {
        return !h.heading.component.empty() && h.heading.component != headings.front().heading.component;
    });
    if (!twoComponents && !detectLogFormat(*file.bytes).pasted)
        return {};
    const std::string shape = "a paste of several logs, each under a heading";
    std::vector<SectionDraft> sections;
    Leftover rest;
    std::size_t next = 0;
    text::forEachLine(*file.bytes, [&](std::string_view line, std::size_t, std::uint32_t number) {
        if (next < headings.size() && headings[next].line == number) {
            const HeadingAt &h = headings[next++];
            const std::string_view component = h.heading.component;
            SectionDraft s{
                sectionOf(file, std::string(component.empty() ? "logs" : component) + " (line " + std::to_string(number) + ")", shape), {}};
            s.input.identity.component = std::string(component);
            if (h.heading.command)
                s.input.identity.node = nodeOfCommand(promptCommand(line), component);
            if (!component.empty())
                s.input.identity.origin = "layout (a heading in the paste)";
            if (!sections.empty())
                rest.takeTrailingBlankLines(sections.back().text);
            if (h.inlineLog == std::string_view::npos)
                ++rest.frames;
            else // the heading's own line goes on with a log line: the section's first
                s.text.append(line.substr(h.inlineLog)).push_back('\n');
            sections.push_back(std::move(s));
            return;
        }
        if (sections.empty())
            rest.add(line);
        else
            sections.back().text.append(line).push_back('\n');
    });
    rest.takeTrailingBlankLines(sections.back().text);
    return finish(file, sections, rest, shape);
}

} // namespace kubelane::core

namespace kubelane::core {

namespace {

// What grep prints before a line: "FILE:" (-H, -r, several files), "LINE:" (-n), "BYTE:" (-b),
// in that order; ':' on a matched line, '-' on a context line (-A/-B/-C).
struct GrepPrefix {
    std::string_view file;
    std::uint64_t number = 0; // the first number: the line's (or its byte offset, -b alone)
    int numbers = 0;
    std::size_t length = 0;
};

// `max` numbers at `at`, each closed by `separator`; how many, the end and the first number.
int grepNumbers(std::string_view line, std::size_t at, char separator, int max, std::size_t &end, std::uint64_t &first)
{
    int numbers = 0;
    for (std::size_t i = at; numbers < max;) {
        const std::size_t digits = i;
        while (i < line.size() && text::isDigit(line[i]) && i - digits < 12)
            ++i;
        if (i == digits || i >= line.size() || line[i] != separator)
            break;
        if (numbers == 0)
            first = std::stoull(std::string(line.substr(digits, i - digits)));
        end = ++i;
        ++numbers;
    }
    return numbers;
}

// A matched line: "N:" or "N:B:", or a file's name up to the first ':' that numbers follow, or
// (-H without -n) up to the first ':' when the name has no space and reads as a path.
std::optional<GrepPrefix> grepMatchedLine(std::string_view line)
{
    GrepPrefix p;
    if ((p.numbers = grepNumbers(line, 0, ':', 2, p.length, p.number)) > 0)
        return p;
    const std::size_t limit = std::min<std::size_t>(line.size(), 4096);
    for (std::size_t i = 1; i < limit && line[i] != ' ' && line[i] != '\t'; ++i) {
        if (line[i] != ':')
            continue;
        p.file = line.substr(0, i);
        if ((p.numbers = grepNumbers(line, i + 1, ':', 2, p.length, p.number)) > 0)
            return p;
        if (p.file.find_first_of("./") == std::string_view::npos)
            return std::nullopt;
        p.length = i + 1;
        return p;
    }
    return std::nullopt;
}

// A context line of the shape the matched lines showed: "FILE-" of a file they named, then as
// many numbers as they carried, each closed by '-' ("2-2020-03-25 13:08:18 ..." is line 2 of a
// log whose lines begin with their date, when the matched lines carry one number).
std::optional<GrepPrefix> grepContextLine(std::string_view line, const std::set<std::string, std::less<>> &files, int numbers)
{
    GrepPrefix p;
    std::size_t at = 0;
    if (!files.empty()) {
        for (const std::string &f : files)
            if (line.size() > f.size() && line.starts_with(f) && line[f.size()] == '-' && f.size() >= p.file.size())
                p.file = line.substr(0, f.size());
        if (p.file.empty())
            return std::nullopt;
        at = p.file.size() + 1;
    }
    p.length = at;
    if (numbers > 0 && (p.numbers = grepNumbers(line, at, '-', numbers, p.length, p.number)) != numbers)
        return std::nullopt;
    return p.length > 0 ? std::optional<GrepPrefix>(p) : std::nullopt;
}

// The prefixes grep gave a file's lines: learnt from its matched lines.
class GrepShape {
public:
    // The line's prefix, learning from it when it is a matched line; nothing when it has none.
    std::optional<GrepPrefix> prefixOf(std::string_view line)
    {
        if (auto matched = grepMatchedLine(line); matched && (m_numbers < 0 || matched->numbers == m_numbers)) {
            m_numbers = matched->numbers;
            if (!matched->file.empty())
                m_files.emplace(matched->file);
            return matched;
        }
        if (m_numbers < 0)
            return std::nullopt;
        return grepContextLine(line, m_files, m_numbers);
    }

private:
    int m_numbers = -1; // of the matched lines: 0 (-H alone), 1 (-n or -b), 2 (-n -b)
    std::set<std::string, std::less<>> m_files;
};

} // namespace

std::vector<SourceInput> splitGrepLines(const InputFile &file)
{
    if (!file.bytes)
        return {};
    // Every one of the first non-blank lines is grep's ("--" between context groups), none a log
    // line as it stands, their line numbers go up within each file (a log's own "10:13:50"
    // repeats its hour), and one at least is a log line under its prefix (a panic's stack may
    // fill the rest). A context line before the first matched one (-B) is read once that is.
    int seen = 0, logLines = 0;
    bool grepped = true;
    GrepShape shape;
    std::map<std::string, std::uint64_t, std::less<>> lastNumber;
    text::forEachLine(std::string_view(*file.bytes).substr(0, 1 << 16), [&](std::string_view line, std::size_t, std::uint32_t) {
        if (isBlank(line) || line == "--")
            return true;
        const auto prefix = lineFormatOf(line) == nullptr ? shape.prefixOf(line) : std::nullopt;
        grepped = prefix.has_value() || (seen == 0 && grepContextLine(line, {}, 1)); // -B's first lines
        if (prefix && prefix->numbers > 0) {
            std::uint64_t &last = lastNumber[std::string(prefix->file)];
            grepped = prefix->number > last;
            last = prefix->number;
        }
        logLines += prefix && lineFormatOf(line.substr(prefix->length)) != nullptr;
        return grepped && ++seen < 20;
    });
    if (!grepped || seen == 0 || logLines == 0)
        return {};
    const std::string shapeName = "grep output (file and line prefixes)";
    KeyedSections sections;
    Leftover rest;
    GrepShape prefixes = shape; // what the first lines taught: -B's context lines come before any match
    text::forEachLine(*file.bytes, [&](std::string_view line, std::size_t, std::uint32_t) {
        const auto prefix = line == "--" ? std::nullopt : prefixes.prefixOf(line);
        if (!prefix) {
            rest.add(line == "--" ? std::string_view{} : line); // grep's group separator is a frame
            return;
        }
        if (prefix->length == line.size()) { // an empty line grep printed ("5-"): a frame
            rest.add({});
            return;
        }
        // The file grep named is the section's path: what names a component or node there still does.
        sections
            .textOf(prefix->file,
                    [&] {
                        return SectionDraft{
                            sectionOf(file, prefix->file.empty() ? std::string("grep") : std::string(prefix->file), shapeName), {}};
                    })
            .append(line.substr(prefix->length))
            .push_back('\n');
    });
    return finish(file, sections.drafts(), rest, shapeName);
}

} // namespace kubelane::core

namespace kubelane::core {

std::vector<SourceInput> splitIndentedPaste(const InputFile &file)
{
    if (!file.bytes)
        return {};
    // The first line's indentation or quote markers, on every one of the first non-blank lines
    // (">" alone is a quoted blank line); under them one line at least of a known shape that
    // is none as it stands. Not the lines the parser reads under any indentation itself
    // (readUnderPasteIndent).
    std::string prefix;
    int seen = 0, logLines = 0;
    bool indented = true;
    text::forEachLine(std::string_view(*file.bytes).substr(0, 1 << 16), [&](std::string_view line, std::size_t, std::uint32_t) {
        if (isBlank(line) || (!prefix.empty() && line.find_first_not_of("> \t") == std::string_view::npos))
            return true;
        if (prefix.empty())
            prefix = std::string(line.substr(0, pasteIndent(line)));
        indented = !prefix.empty() && line.starts_with(prefix) && line.size() > prefix.size();
        if (indented) {
            const std::string_view rest = line.substr(prefix.size());
            if (readUnderPasteIndent(rest)) {
                indented = false;
                return false;
            }
            logLines += lineFormatOf(rest) != nullptr && lineFormatOf(line) == nullptr;
        }
        return indented && ++seen < 20;
    });
    if (!indented || seen == 0 || logLines == 0)
        return {};
    return lineForLine(file, prefix.find('>') == std::string::npos ? "indented paste" : "quoted paste (\"> \")",
                       [&](std::string_view line) {
                           if (line.starts_with(prefix))
                               return line.substr(prefix.size());
                           return line.find_first_not_of("> \t") == std::string_view::npos ? std::string_view{} : line;
                       });
}

} // namespace kubelane::core
