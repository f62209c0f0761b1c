#include "formatdetection.h"

#include "envelopes.h"
#include "exportdetection.h"
#include "formatregistry.h"
#include "klogline.h"
#include "pastetext.h"
#include "../input/textencoding.h"
#include "../util/textscan.h"

#include <algorithm>

namespace kubelane::core {

namespace {

constexpr int kSampleLines = 200;

// The line formats, most specific first: a sample line is evidence for the first that reads it.
const std::vector<const LogFormat *> &bySpecificity()
{
    static const std::vector<const LogFormat *> sorted = [] {
        std::vector<const LogFormat *> formats = logFormats();
        std::sort(formats.begin(), formats.end(),
                  [](const LogFormat *a, const LogFormat *b) { return a->specificity() > b->specificity(); });
        return formats;
    }();
    return sorted;
}

// A paste's log line reads as what it is under its indentation or quote markers: the line
// kinds SourceParser reads there (emitLogLine).
std::string_view withoutPasteIndent(std::string_view line, bool &pasteSeen)
{
    const std::size_t indent = pasteIndent(line);
    if (indent > 0 && indent < line.size() && (text::isDigit(line[indent]) || (line[indent] >= 'A' && line[indent] <= 'Z'))) {
        const std::string_view inner = line.substr(indent);
        if (readUnderPasteIndent(inner)) {
            pasteSeen = true;
            return inner;
        }
    } else if (isMarkdownFence(line) || isShellPrompt(line)) {
        pasteSeen = true;
    }
    return line;
}

} // namespace

bool readUnderPasteIndent(std::string_view text)
{
    KlogHeader h;
    JournaldLine j;
    CriLine c;
    return parseKlogHeader(text, h) || parseJournaldLine(text, j) || parseCriLine(text, c);
}

const LogFormat *lineFormatOf(std::string_view line)
{
    for (const LogFormat *f : bySpecificity())
        if (f->matchLine(line).reads)
            return f;
    return nullptr;
}

const LogFormat *unwrapAmongOtherLines(std::string_view line, LineEnvelope &out)
{
    static const std::vector<const LogFormat *> formats = [] {
        std::vector<const LogFormat *> among;
        for (const LogFormat *f : bySpecificity())
            if (f->readsAmongOtherLines())
                among.push_back(f);
        return among;
    }();
    for (const LogFormat *f : formats) {
        LineEnvelope unwrapped;
        if (f->unwrapLine(line, 0, unwrapped)) {
            out = unwrapped;
            return f;
        }
    }
    return nullptr;
}

DetectedFormat detectLogFormat(std::string_view bytes)
{
    const std::vector<const LogFormat *> &formats = bySpecificity();
    std::vector<LineEvidence> evidence(formats.size());
    int examined = 0, binaryLines = 0, klogJsonPayloads = 0;
    DetectedFormat found;
    bool pasteSeen = false;
    text::forEachLine(bytes, [&](std::string_view line, std::size_t, std::uint32_t) {
        if (line.empty())
            return true;
        ++examined;
        line = withoutPasteIndent(line.substr(0, 1 << 20), pasteSeen);
        if (checkLine(line.substr(0, 4096)) == LineCheck::Binary) {
            ++binaryLines;
            return examined < kSampleLines;
        }
        for (std::size_t i = 0; i < formats.size(); ++i) {
            const LineMatch m = formats[i]->matchLine(line);
            if (!m.reads)
                continue;
            ++evidence[i].lines;
            ++evidence[i].variants[std::min<std::size_t>(m.variant, kMaxFormatVariants - 1)];
            klogJsonPayloads += m.klogJsonPayload;
            break;
        }
        return examined < kSampleLines;
    });
    std::vector<std::pair<const LogFormat *, LineEvidence>> byFormat;
    for (std::size_t i = 0; i < formats.size(); ++i)
        byFormat.emplace_back(formats[i], evidence[i]);
    const FormatSample sample(bytes, std::move(byFormat), examined, binaryLines, klogJsonPayloads);

    // The most confident; of equally confident ones the most specific (the first in this order).
    double best = 0;
    for (const LogFormat *f : formats) {
        Detection d = f->detect(sample);
        if (d.confidence > best) {
            best = d.confidence;
            found.format = f;
            found.detail = std::move(d.detail);
            found.variant = d.variant;
            found.pasted = pasteSeen && !d.wholeDocument;
        }
    }
    if (!found.format) {
        found.format = &logFormat(SourceFormat::Unknown);
        found.detail = "empty";
        found.pasted = pasteSeen;
    }
    return found;
}

SourceFormat detectFormat(std::string_view bytes, std::string *detail, bool *pasted)
{
    DetectedFormat found = detectLogFormat(bytes);
    if (detail)
        *detail = std::move(found.detail);
    if (pasted)
        *pasted = found.pasted;
    return found.format->id();
}

FormatSample::FormatSample(std::string_view bytes, std::vector<std::pair<const LogFormat *, LineEvidence>> evidence, int examined,
                           int binaryLines, int klogJsonPayloads)
    : m_bytes(bytes), m_evidence(std::move(evidence)), m_examined(examined), m_binaryLines(binaryLines),
      m_klogJsonPayloads(klogJsonPayloads)
{ }

const LineEvidence &FormatSample::evidenceOf(const LogFormat &format) const
{
    static const LineEvidence none;
    for (const auto &[f, e] : m_evidence)
        if (f == &format)
            return e;
    return none;
}

double FormatSample::shareOf(const LogFormat &format) const
{
    return m_examined > 0 ? double(evidenceOf(format).lines) / m_examined : 0.0;
}

SourceFormat FormatSample::exportRecords(std::string *detail) const
{
    if (!m_exportLooked) {
        m_export = detectExportFormat(m_bytes, &m_exportDetail);
        m_exportLooked = true;
    }
    if (detail)
        *detail = m_exportDetail;
    return m_export;
}

KubeObjectsSyntax FormatSample::kubeObjects() const
{
    if (!m_objectsLooked) {
        m_objects = detectKubeObjects(m_bytes);
        m_objectsLooked = true;
    }
    return m_objects;
}

std::uint8_t LineEvidence::mostSeenVariant(std::uint8_t from) const
{
    std::uint8_t best = from;
    for (std::size_t v = from; v < kMaxFormatVariants; ++v)
        if (variants[v] > variants[best])
            best = static_cast<std::uint8_t>(v);
    return best;
}

Detection LogFormat::detect(const FormatSample &sample) const
{
    const double share = sample.shareOf(*this);
    if (share <= 0)
        return {};
    return {share, withPayloadNote(sample, name()), 0};
}

std::string LogFormat::withPayloadNote(const FormatSample &sample, std::string detail)
{
    if (sample.klogJsonPayloads() > 0)
        detail += ", klog JSON payloads";
    return detail;
}

} // namespace kubelane::core
