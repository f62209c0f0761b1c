#include "logrusline.h"

#include "../util/textscan.h"
#include "exportrecord.h"

namespace kubelane::core {

bool looksLikeLogrus(std::string_view text)
{
    return text.starts_with("time=\"");
}

KlogJsonStatus parseLogrusRecord(std::string_view s, KlogJsonRecord &out, FieldList &fields)
{
    out = KlogJsonRecord{};
    // The whole line is the message: the event types match logrus lines as written
    // (runtime.daemon.log), and the pairs after msg= are the line's own.
    out.message = s;
    const std::size_t before = fields.size();
    bool haveTime = false;
    // A paste that lost the message's backslashes (msg="loading plugin "io.containerd..."...")
    // leaves its quotes unbalanced: the pairs read up to there, and the time, stand.
    auto endOfPairs = [&] {
        if (haveTime)
            return KlogJsonStatus::Ok;
        fields.truncate(before);
        return KlogJsonStatus::Malformed;
    };
    std::size_t i = 0;
    while (i < s.size()) {
        while (i < s.size() && s[i] == ' ')
            ++i;
        if (i >= s.size())
            break;
        const std::size_t keyStart = i;
        while (i < s.size() && s[i] != '=' && s[i] != ' ' && s[i] != '"')
            ++i;
        if (i == keyStart || i >= s.size() || s[i] != '=')
            return endOfPairs();
        const std::string_view key = s.substr(keyStart, i - keyStart);
        ++i;
        std::string_view value;
        if (i < s.size() && s[i] == '"') {
            const std::size_t start = ++i;
            bool escaped = false;
            while (i < s.size() && s[i] != '"') {
                escaped = escaped || s[i] == '\\';
                i += s[i] == '\\' ? 2 : 1;
            }
            if (i >= s.size())
                return endOfPairs();
            value = s.substr(start, i - start);
            if (escaped)
                value = unquoteGo(value, fields);
            ++i;
        } else {
            const std::size_t start = i;
            while (i < s.size() && s[i] != ' ')
                ++i;
            value = s.substr(start, i - start);
        }
        if (key == "time") {
            const auto utc = parseRfc3339(value);
            if (!utc) {
                fields.truncate(before);
                return KlogJsonStatus::BadTime;
            }
            out.utc = utc->ns;
            haveTime = true;
        } else if (key == "level") {
            severityFromName(value, out.severity);
        } else if (key != "msg") {
            fields.add(key, value);
        }
    }
    if (haveTime)
        return KlogJsonStatus::Ok;
    fields.truncate(before);
    return KlogJsonStatus::NoTime;
}

} // namespace kubelane::core
