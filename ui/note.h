#pragma once
// A note the user pinned to a time (and optionally a lane). Saved by NotesStore.
#include "core/model/timestamp.h"

#include <QString>

namespace kubelane::ui {

struct Note {
    core::Timestamp time;
    QString laneKey; // Lane::key; empty = the whole timeline
    QString text;
    bool operator==(const Note &o) const { return time == o.time && laneKey == o.laneKey && text == o.text; }
};

} // namespace kubelane::ui
