#include "loadsettings.h"

#include <QSettings>

namespace kubelane::ui {

std::uint64_t savedMaxMemory()
{
    const QVariant saved = QSettings().value(QLatin1String(kMaxMemoryKey));
    const std::uint64_t value = saved.isValid() ? saved.toULongLong() : 0;
    return value ? value : core::defaultMaxMemory();
}

void saveMaxMemory(std::uint64_t bytes)
{
    QSettings().setValue(QLatin1String(kMaxMemoryKey), qulonglong(bytes));
}

std::uint64_t maxMemoryFor(const core::LoadOptions &options)
{
    return options.maxMemoryBytes.value_or(savedMaxMemory());
}

} // namespace kubelane::ui
