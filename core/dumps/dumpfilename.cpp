#include "dumpfilename.h"

#include <string>

namespace kubelane::core {

std::string_view dumpFileName(std::string_view path)
{
    const std::size_t at = path.rfind("goroutine-stacks-");
    if (at == std::string_view::npos)
        return {};
    const std::size_t end = path.find('/', at);
    return path.substr(at, end == std::string_view::npos ? std::string_view::npos : end - at);
}

std::optional<Timestamp> dumpTimeInFileName(std::string_view path)
{
    const std::string_view name = dumpFileName(path);
    if (name.empty())
        return std::nullopt;
    const std::string_view stamp = name.substr(17); // 2019-05-16T100610+0800.log
    if (stamp.size() < 18 || stamp[10] != 'T')
        return std::nullopt;
    std::string_view zone = stamp.substr(17);
    zone = zone.substr(0, zone.find(".log"));
    std::string iso = std::string(stamp.substr(0, 11)) + std::string(stamp.substr(11, 2)) + ":" + std::string(stamp.substr(13, 2)) + ":"
        + std::string(stamp.substr(15, 2));
    if (zone == "Z")
        iso += "Z";
    else if (zone.size() == 5 && (zone[0] == '+' || zone[0] == '-')) // +0800
        iso += std::string(zone.substr(0, 3)) + ":" + std::string(zone.substr(3));
    else if (zone.size() == 6 && (zone[0] == '+' || zone[0] == '-') && zone[3] == ':') // +08:00
        iso += std::string(zone);
    else
        return std::nullopt;
    return parseRfc3339(iso);
}

} // namespace kubelane::core
