#pragma once
// Light and dark looks. "System" keeps the palette the desktop gave Qt (so the window follows a
// dark desktop where the platform theme reports one); Light and Dark set a Fusion palette,
// for desktops whose preference Qt cannot see, and for postmortem screenshots. Every view
// takes its colours from the application palette (Palette::fromQt), so this is the one switch.
#include <QString>

namespace kubelane::ui {

enum class Theme { System, Light, Dark };

// Applies `theme` to the application; the first call remembers the system palette and style.
void applyTheme(Theme theme);
Theme themeFromName(const QString &name); // "light", "dark", anything else: System
QString themeName(Theme theme);

} // namespace kubelane::ui
