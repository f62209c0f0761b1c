#include "source.h"

namespace kubelane::core {

const char *diagnosticName(DiagnosticReason r)
{
    switch (r) {
    case DiagnosticReason::NoTimestamp: return "no timestamp or header";
    case DiagnosticReason::BadTimestamp: return "unparseable timestamp";
    case DiagnosticReason::BinaryData: return "binary data";
    case DiagnosticReason::InvalidUtf8: return "invalid UTF-8 (kept)";
    case DiagnosticReason::OrphanContinuation: return "continuation without an entry";
    case DiagnosticReason::MalformedJson: return "malformed JSON";
    case DiagnosticReason::UnknownRecord: return "unknown record shape";
    case DiagnosticReason::LineTooLong: return "line over 64 KiB (classified on its start)";
    case DiagnosticReason::PastOffsetLimit: return "past 1 TiB into the file (not read)";
    case DiagnosticReason::ShellPrompt: return "shell prompt (not a log line)";
    case DiagnosticReason::CommandOutput: return "command output (not a log line)";
    case DiagnosticReason::MarkdownFence: return "Markdown fence (not a log line)";
    case DiagnosticReason::Elision: return "elision '...' (not a log line)";
    case DiagnosticReason::CommentLine: return "comment (not a log line)";
    case DiagnosticReason::SectionFrame: return "section frame (not a log line)";
    case DiagnosticReason::ObjectWithoutTime: return "object without a time (not a log line)";
    case DiagnosticReason::Prose: return "prose around a paste (not a log line)";
    case DiagnosticReason::Count: break;
    }
    return "?";
}

bool isNotALogLine(DiagnosticReason r)
{
    return r >= DiagnosticReason::ShellPrompt && r < DiagnosticReason::Count;
}

} // namespace kubelane::core

namespace kubelane::core {

std::string_view fieldValue(const Source &source, const StringPool &strings, const Event &event, const Field &field)
{
    if (field.interned())
        return field.valueOffset < strings.size() ? strings.view(field.internedValue()) : std::string_view{};
    if (field.decoded()) {
        const std::string_view values(source.decodedValues);
        return field.valueOffset + std::uint64_t(field.length()) <= values.size() ? values.substr(field.valueOffset, field.length())
                                                                                  : std::string_view{};
    }
    const std::uint32_t length = spansOf(event, source.eventSpans).length;
    if (!source.bytes || field.valueOffset + std::uint64_t(field.length()) > length || event.offset + length > source.bytes->size())
        return {};
    return std::string_view(*source.bytes).substr(event.offset + field.valueOffset, field.length());
}

} // namespace kubelane::core
