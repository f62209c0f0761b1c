#pragma once
// The analysis result is defined beside the rules that read it (core/rules/analysis.h); this
// header keeps the include path of those that only consume it (report, ui, app).
#include "../rules/analysis.h"
