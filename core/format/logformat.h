#pragma once
// A log format as a registered part: how it is recognised from a sample of a file's lines, and
// how SourceParser reads a file of it. Each format is one file in core/format/formats/ and one
// line in formatregistry.cpp (ARCHITECTURE.md has the recipe).
//
// Detection (formatdetection.cpp) looks at a file's first 200 non-empty lines once. Each line
// is evidence for the most specific line format that reads it (a kubectl --timestamps line is
// also a journald short-iso line: it counts for kubectl). Every format then says how confident
// it is from that sample; the most confident wins, a tie goes to the more specific format.
#include "../model/source.h"
#include "kubeobjects.h"

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace kubelane::core {

class LogFormat;

constexpr std::size_t kMaxFormatVariants = 16;

// What one sample line says about a line format (LogFormat::matchLine).
struct LineMatch {
    bool reads = false;
    bool klogJsonPayload = false; // the line's payload is a klog JSON record (noted in the detail)
    std::uint8_t variant = 0;     // the format's own sub-shape (journald's time style...), < kMaxFormatVariants
};

// The sample lines a format was the most specific reader of.
struct LineEvidence {
    int lines = 0;
    std::array<int, kMaxFormatVariants> variants{};
    // The variant most lines showed among [from, kMaxFormatVariants); a tie goes to the lower.
    std::uint8_t mostSeenVariant(std::uint8_t from = 0) const;
};

// A file's first lines as detection saw them, shared by every format's detect().
class FormatSample {
public:
    FormatSample(std::string_view bytes, std::vector<std::pair<const LogFormat *, LineEvidence>> evidence, int examined, int binaryLines,
                 int klogJsonPayloads);

    std::string_view bytes() const { return m_bytes; } // the whole file (documents read their first records)
    int examined() const { return m_examined; }        // non-empty lines looked at
    int binaryLines() const { return m_binaryLines; }
    int klogJsonPayloads() const { return m_klogJsonPayloads; } // lines whose payload is klog JSON, any format's
    const LineEvidence &evidenceOf(const LogFormat &format) const;
    // The share of the examined lines that are `format`'s evidence: a line format's confidence.
    double shareOf(const LogFormat &format) const;
    // Looks several formats share, made once per file: which export the JSON records are of
    // (detectExportFormat) and whether kubectl printed objects or an events table.
    SourceFormat exportRecords(std::string *detail) const;
    KubeObjectsSyntax kubeObjects() const;

private:
    std::string_view m_bytes;
    std::vector<std::pair<const LogFormat *, LineEvidence>> m_evidence;
    int m_examined = 0, m_binaryLines = 0, m_klogJsonPayloads = 0;
    mutable bool m_exportLooked = false, m_objectsLooked = false;
    mutable SourceFormat m_export = SourceFormat::Unknown;
    mutable std::string m_exportDetail;
    mutable KubeObjectsSyntax m_objects = KubeObjectsSyntax::None;
};

// How sure a format is of a sample.
struct Detection {
    // 0: not this format. A line format's share of the sample's lines; 1 for a document whose
    // records say what they are (an export's JSON keys, kubectl's objects).
    double confidence = 0;
    std::string detail;       // Source::formatDetail: the variant and how it was told
    std::uint8_t variant = 0; // handed to unwrapLine (EnvelopeLines)
    // Told from the file as one document (an export's records, kubectl's objects), not from
    // its lines: no paste is looked for around it.
    bool wholeDocument = false;
};

// Confidences of the formats that are what is left when no line format reads a line: below
// one line's share of the largest sample (1/200).
constexpr double kFallbackConfidence = 0.001;
constexpr double kLastResortConfidence = 0.0001;

// SourceParser's readers. A new envelope format reads with EnvelopeLines and implements
// unwrapLine; the others keep state across lines or records (CRI partial lines, journald's boot
// clock, dmesg's deltas, a JSON array's records) in SourceParser.
enum class FileReader : std::uint8_t {
    EnvelopeLines, // line by line through LogFormat::unwrapLine, the payload decoded as any
    KlogTextLines, // klog/glog text, and text of no known format (pastes, systemd lines)
    JournaldLines,
    CriLines,
    DockerJsonLines,
    TimestampPrefixLines, // kubectl logs --timestamps
    LokiTextLines,        // logcli's default output, Grafana's text download
    LogfmtLines,
    DmesgLines,
    KlogJsonRecords,
    AuditRecords,
    GoroutineDump,
    ExportRecords, // JSON records of journal JSON, Cloud Logging, Loki
    KubeObjectsJson,
    KubeObjectsYaml,
    EventTable,
    KubeDescribe,
};

// One line's envelope taken off (EnvelopeLines): the payload and what the envelope says.
struct LineEnvelope {
    std::string_view payload;
    std::int64_t utc = 0;       // exact UTC of the envelope, 0 = none
    std::string_view component; // what wrote the line (a container's name), "" = the source's
    bool haveSeverity = false;  // the envelope's own level (a kernel message's priority)
    Severity severity = Severity::Info;
    std::string_view podNamespace, podName, container;
    // A date the envelope states in a zone other than the node's (a log viewer's reader's):
    // evidence for the year of a klog payload, whose own header has none. Year 0: none.
    CivilTime viewerDate;
    // The line's own local date and time, in the machine's zone, which it does not say (Go's
    // log, etcd's capnslog); its year is evidence for the file's.
    bool haveLocal = false;
    CivilTime local;
};

class LogFormat {
public:
    virtual ~LogFormat() = default;

    virtual SourceFormat id() const = 0;
    virtual const char *name() const = 0;
    // The more specific of two formats reads a shape the other would read too (kubectl's
    // RFC 3339 prefix before a klog line is also a journald short-iso line): it counts the
    // lines both read and wins a tie. Unique among the registered formats; the order of the
    // shipped ones is in ARCHITECTURE.md.
    virtual int specificity() const = 0;
    virtual FileReader reader() const = 0;

    // A line format: whether it reads this sample line (already without a paste's indent).
    virtual LineMatch matchLine(std::string_view line) const
    {
        (void)line;
        return {};
    }
    // How confident the format is of the sample. By default: its share of the sample's lines,
    // and name() as the detail (with a note when payloads are klog JSON).
    virtual Detection detect(const FormatSample &sample) const;
    // Its lines are dated and say what they are: one among another format's lines (etcd's and
    // gRPC's in a k3s log of klog lines) is an event of its own, not a continuation.
    virtual bool readsAmongOtherLines() const { return false; }
    // EnvelopeLines: the line's envelope taken off; false for a line that is not of its shape
    // (SourceParser then reads it as a bare log line, a paste's line, or a continuation).
    virtual bool unwrapLine(std::string_view line, std::uint8_t variant, LineEnvelope &out) const
    {
        (void)line, (void)variant, (void)out;
        return false;
    }

protected:
    // `detail`, noting that the sample's payloads are klog JSON when some are.
    static std::string withPayloadNote(const FormatSample &sample, std::string detail);
};

} // namespace kubelane::core
