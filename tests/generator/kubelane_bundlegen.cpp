// kubelane_bundlegen: writes a generated bundle and prints what it planted as JSON.
//   kubelane_bundlegen --out DIR [--seed N] [--nodes N] [--hours H] [--version v1.28.4]
//                      [--plant all|none|RULE,...] [--start 2024-06-19T00:00:00Z] [--blip SECONDS]...
//                      [--size BYTES]   (100M, 1G: about that much, mostly kubelet chatter at -v=2..4)
// Exit codes: 0 written, 2 bad arguments, 1 writing failed.
#include "bundlegenerator.h"

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <stdexcept>
#include <string>

using namespace kubelane::bundlegen;

namespace {

int usage(const std::string &why)
{
    std::cerr << "kubelane_bundlegen: " << why << "\n"
              << "usage: kubelane_bundlegen --out DIR [--seed N] [--nodes N] [--hours H] [--version v1.28.4]\n"
                 "                          [--plant all|none|RULE,...] [--start 2024-06-19T00:00:00Z] [--blip SECONDS]...\n"
                 "                          [--size BYTES]\n"
                 "--size: the bundle's approximate size (K, M, G: powers of 1024; KB, MB, GB: of 1000), filled with\n"
                 "        high-verbosity chatter, mostly kubelets' at -v=2..4; without it the bundle is the day alone\n"
                 "rules: node-heartbeat-gap, pleg-unhealthy, probe-status-race, sandbox-missing, spec-hash-restart\n";
    return 2;
}

bool parseStart(const std::string &text, std::int64_t &out)
{
    int y, mo, d, h, mi, s;
    char z = 0;
    if (std::sscanf(text.c_str(), "%4d-%2d-%2dT%2d:%2d:%2d%c", &y, &mo, &d, &h, &mi, &s, &z) != 7 || z != 'Z')
        return false;
    // Days from civil (proleptic Gregorian).
    const int yy = y - (mo <= 2);
    const int era = (yy >= 0 ? yy : yy - 399) / 400;
    const unsigned yoe = static_cast<unsigned>(yy - era * 400);
    const unsigned doy = static_cast<unsigned>((153 * (mo + (mo > 2 ? -3 : 9)) + 2) / 5 + d - 1);
    const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    const std::int64_t days = static_cast<std::int64_t>(era) * 146097 + doe - 719468;
    out = ((days * 24 + h) * 60 + mi) * 60 + s;
    return true;
}

// "1073741824", "100M", "1G", "512K", "1.5G"; KB/MB/GB in powers of 1000 (as coreutils reads them).
bool parseSize(const std::string &text, std::uint64_t &out)
{
    std::size_t used = 0;
    double value = 0;
    try {
        value = std::stod(text, &used);
    } catch (const std::exception &) {
        return false;
    }
    std::string unit = text.substr(used);
    for (char &c : unit)
        c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    const std::pair<const char *, double> kUnits[] = {{"", 1},        {"B", 1},         {"K", 1024.0},    {"KIB", 1024.0},
                                                      {"KB", 1e3},    {"M", 1 << 20},   {"MIB", 1 << 20}, {"MB", 1e6},
                                                      {"G", 1 << 30}, {"GIB", 1 << 30}, {"GB", 1e9}};
    double scale = 0;
    for (const auto &[name, factor] : kUnits)
        if (unit == name)
            scale = factor;
    if (scale == 0)
        return false;
    if (!(value > 0) || value * scale > 1e13)
        return false;
    out = static_cast<std::uint64_t>(value * scale);
    return true;
}

} // namespace

int main(int argc, char **argv)
{
    GeneratorOptions o;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        auto value = [&]() -> std::string {
            if (i + 1 >= argc)
                throw std::invalid_argument(arg + " needs a value");
            return argv[++i];
        };
        try {
            if (arg == "--out") {
                o.outputDir = value();
            } else if (arg == "--seed") {
                o.seed = std::stoull(value());
            } else if (arg == "--nodes") {
                o.nodes = std::stoi(value());
            } else if (arg == "--hours") {
                o.hours = std::stod(value());
            } else if (arg == "--version") {
                o.kubernetesVersion = value();
            } else if (arg == "--start") {
                if (!parseStart(value(), o.startUnixSeconds))
                    return usage("--start wants a UTC time like 2024-06-19T00:00:00Z");
            } else if (arg == "--size") {
                if (!parseSize(value(), o.targetBytes))
                    return usage("--size wants a size like 100M or 1G");
            } else if (arg == "--blip") {
                o.blipGapsSeconds.push_back(std::stod(value()));
            } else if (arg == "--plant") {
                o.plant.clear();
                std::string list = value();
                std::size_t at = 0;
                while (at <= list.size()) {
                    const std::size_t comma = list.find(',', at);
                    const std::string item = list.substr(at, comma == std::string::npos ? std::string::npos : comma - at);
                    if (!item.empty())
                        o.plant.push_back(item);
                    if (comma == std::string::npos)
                        break;
                    at = comma + 1;
                }
            } else if (arg == "-h" || arg == "--help") {
                usage("writes a generated bundle with planted incidents");
                return 0;
            } else {
                return usage("unknown argument " + arg);
            }
        } catch (const std::exception &e) {
            return usage(std::string("bad value: ") + e.what());
        }
    }
    if (o.outputDir.empty())
        return usage("--out is required");
    try {
        const GeneratedBundle bundle = generateBundle(o);
        std::cout << plantedJson(bundle);
    } catch (const std::invalid_argument &e) {
        return usage(e.what());
    } catch (const std::exception &e) {
        std::cerr << "kubelane_bundlegen: " << e.what() << "\n";
        return 1;
    }
    return 0;
}
