#pragma once
// The keys of the fields a store keeps (an incident's, or one file's while it is parsed). They
// are few: the keys C++ reads after the parse (classify/codenames.h) and those of the records
// that keep all theirs (audit events, objects, goroutine dumps). So a field names its key by a
// 16-bit index here, not by its 32-bit string id, and is 8 bytes: a 1 GB bundle keeps
// millions of fields.
#include "ids.h"
#include "stringpool.h"

#include <cstdint>
#include <vector>

namespace kubelane::core {

struct FieldKeyTag;
using FieldKeyId = StrongId<FieldKeyTag, std::uint16_t, 0xffff>;

class FieldKeyTable {
public:
    static constexpr std::size_t kMaxKeys = 0xffff; // every FieldKeyId value but none

    // The key's id, added when new; none once the table holds kMaxKeys keys.
    FieldKeyId intern(StringId key)
    {
        if (const FieldKeyId known = find(key); known.valid())
            return known;
        if (m_keys.size() >= kMaxKeys)
            return FieldKeyId::none();
        if (key.index() >= m_byString.size())
            m_byString.resize(key.index() + 1);
        m_byString[key.index()] = FieldKeyId::fromIndex(m_keys.size());
        m_keys.push_back(key);
        return m_byString[key.index()];
    }
    // None when no field has that key.
    FieldKeyId find(StringId key) const { return key.index() < m_byString.size() ? m_byString[key.index()] : FieldKeyId::none(); }
    // The key's string id; kNoString for none.
    StringId operator[](FieldKeyId id) const { return id.index() < m_keys.size() ? m_keys[id.index()] : kNoString; }
    std::size_t size() const { return m_keys.size(); }

private:
    std::vector<StringId> m_keys;
    std::vector<FieldKeyId> m_byString; // by the key's StringId index
};

} // namespace kubelane::core
