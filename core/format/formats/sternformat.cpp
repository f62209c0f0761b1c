// stern's default output (`stern QUERY > x.log`): the pod and container before each line,
// "web-7b8d9c5f6d-5j2xq nginx <line>", and the namespace first when several are tailed
// (`--all-namespaces`, several `-n`): "kube-system kube-proxy-x2x7k kube-proxy <line>". With
// `--timestamps` the line starts with the RFC 3339 time kubectl would print. Variant 1: the
// namespace is there.
#include "../envelopes.h"
#include "../klogjson.h"
#include "../klogline.h"
#include "../logformat.h"

#include <algorithm>

namespace kubelane::core {

namespace {

// A pod name is a DNS subdomain and a container or namespace name a DNS label (lower-case
// letters, digits, '-', and '.' in a pod's), so a word with anything else is no name.
bool isObjectName(std::string_view word, bool dots)
{
    if (word.empty() || word.size() > 253 || word.front() == '-' || word.back() == '-')
        return false;
    return std::all_of(word.begin(), word.end(),
                       [&](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || (dots && c == '.'); });
}

// The line's first `count` words as names (the last one a container's), and the rest.
bool splitNames(std::string_view line, int count, std::string_view (&names)[3], std::string_view &rest)
{
    for (int i = 0; i < count; ++i) {
        const std::size_t space = line.find(' ');
        if (space == std::string_view::npos || !isObjectName(line.substr(0, space), i == count - 2))
            return false;
        names[i] = line.substr(0, space);
        line.remove_prefix(space + 1);
    }
    rest = line;
    return true;
}

// What tells stern's lines from any text that starts with two words: the rest is a log line.
bool isLogPayload(std::string_view payload)
{
    TimestampPrefixLine t;
    if (parseTimestampPrefixLine(payload, t))
        payload = t.message;
    return isKlogLine(payload);
}

class SternFormat final : public LogFormat {
public:
    SourceFormat id() const override { return SourceFormat::Stern; }
    const char *name() const override { return "stern"; }
    int specificity() const override { return 58; }
    FileReader reader() const override { return FileReader::EnvelopeLines; }

    LineMatch matchLine(std::string_view line) const override
    {
        std::string_view names[3], rest;
        for (const int count : {2, 3})
            if (splitNames(line, count, names, rest) && isLogPayload(rest))
                return {true, looksLikeKlogJson(rest), static_cast<std::uint8_t>(count - 2)};
        return {};
    }
    Detection detect(const FormatSample &sample) const override
    {
        const LineEvidence &e = sample.evidenceOf(*this);
        if (e.lines == 0)
            return {};
        const std::uint8_t variant = e.mostSeenVariant();
        const char *detail =
            variant == 1 ? "stern (namespace, pod and container before each line)" : "stern (pod and container before each line)";
        return {sample.shareOf(*this), withPayloadNote(sample, detail), variant};
    }
    bool unwrapLine(std::string_view line, std::uint8_t variant, LineEnvelope &out) const override
    {
        std::string_view names[3];
        const int count = variant == 1 ? 3 : 2;
        if (!splitNames(line, count, names, out.payload))
            return false;
        if (count == 3)
            out.podNamespace = names[0];
        out.podName = names[count - 2];
        out.container = names[count - 1];
        out.component = out.container; // a control-plane pod's container is named after it (kube-apiserver, etcd)
        if (TimestampPrefixLine t; parseTimestampPrefixLine(out.payload, t)) {
            out.utc = t.utc.ns;
            out.payload = t.message;
        }
        return true;
    }
};

} // namespace

const LogFormat &sternFormat()
{
    static const SternFormat format;
    return format;
}

} // namespace kubelane::core
