#pragma once
// A shared table from core/classify (the event-type catalog, the goroutine map) held by the
// model. The model shows the names of the table's small ids (Incident::typeName) through the
// IdNames interface the table implements, so core/model depends on no classify header: the
// conversion to IdNames happens where the table is assigned, which knows the table's type.
#include <cstdint>
#include <memory>
#include <string_view>

namespace kubelane::core {

class IdNames {
public:
    virtual std::string_view nameOf(std::uint16_t id) const = 0;

protected:
    ~IdNames() = default;
};

template <class Table> class NamedTable {
public:
    NamedTable() = default;
    template <class T>
    NamedTable(std::shared_ptr<T> table) // NOLINT(google-explicit-constructor): assigned like the shared_ptr it wraps
        : m_table(std::move(table)), m_names(m_table.get())
    { }

    const Table *operator->() const { return m_table.get(); }
    const Table &operator*() const { return *m_table; }
    const Table *get() const { return m_table.get(); }
    explicit operator bool() const { return m_table != nullptr; }
    // `fallback` when no table is set.
    std::string_view nameOf(std::uint16_t id, std::string_view fallback) const { return m_names ? m_names->nameOf(id) : fallback; }

private:
    std::shared_ptr<const Table> m_table;
    const IdNames *m_names = nullptr;
};

} // namespace kubelane::core
