// Strong ids (core/model/ids.h): an id of one table is not an id of another, nor an integer.
// Most of what matters is checked by the compiler here: a mix-up that compiles is the bug.
#include "core/model/event.h"
#include "core/model/ids.h"

#include <QtTest>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <map>
#include <type_traits>
#include <unordered_set>
#include <vector>

using namespace kubelane::core;

namespace {

struct AppleTag;
struct PearTag;
using AppleId = StrongId<AppleTag, std::uint32_t, 0xffffffffu>;
using PearId = StrongId<PearTag, std::uint32_t, 0xffffffffu>;

template <class A, class B> constexpr bool kComparable = requires(A a, B b)
{
    a == b;
};
template <class A, class B> constexpr bool kOrdered = requires(A a, B b)
{
    a < b;
};
template <class A> constexpr bool kArithmetic = requires(A a)
{
    a + a;
}
|| requires(A a)
{
    a + 1;
}
|| requires(A a)
{
    ++a;
};
template <class A> constexpr bool kTestable = requires(A a)
{
    a ? 1 : 0;
}; // `if (id)` would mean "valid" or "non-zero"?

// Made from its integer only on purpose, and never back without asking.
static_assert(std::is_constructible_v<AppleId, std::uint32_t>);
static_assert(!std::is_convertible_v<std::uint32_t, AppleId>);
static_assert(!std::is_convertible_v<int, AppleId>);
static_assert(!std::is_convertible_v<AppleId, std::uint32_t>);
static_assert(!std::is_constructible_v<std::size_t, AppleId>); // not even by static_cast
static_assert(!kTestable<AppleId>);
// Two tables' ids are two types.
static_assert(!std::is_convertible_v<AppleId, PearId>);
static_assert(!std::is_constructible_v<PearId, AppleId>);
static_assert(kComparable<AppleId, AppleId> && !kComparable<AppleId, PearId> && !kComparable<AppleId, std::uint32_t>);
static_assert(kOrdered<AppleId, AppleId> && !kOrdered<AppleId, PearId> && !kOrdered<AppleId, int>);
// An index is not a quantity.
static_assert(!kArithmetic<AppleId>);
// As small and as cheap to copy as the integer (Event holds several).
static_assert(sizeof(AppleId) == sizeof(std::uint32_t) && std::is_trivially_copyable_v<AppleId>);
// The sentinel is the default.
static_assert(!AppleId().valid() && AppleId() == AppleId::none() && AppleId().value() == 0xffffffffu);
static_assert(AppleId(0).valid() && AppleId(3) < AppleId(5) && AppleId::fromIndex(7).index() == 7);

// The store's ids: an interned string, a pod and an event are three types, and none is an
// integer (a pod id compared with kNoEvent, or a string id used as a pod, does not compile).
static_assert(!std::is_convertible_v<std::uint32_t, StringId> && !std::is_convertible_v<StringId, std::uint32_t>);
static_assert(!std::is_convertible_v<std::uint32_t, PodId> && !std::is_convertible_v<PodId, std::uint32_t>);
static_assert(!std::is_convertible_v<std::size_t, EventIndex> && !std::is_constructible_v<std::size_t, EventIndex>);
static_assert(!std::is_constructible_v<PodId, StringId> && !std::is_constructible_v<StringId, PodId>);
static_assert(!std::is_constructible_v<EventIndex, PodId> && !std::is_constructible_v<EventIndex, StringId>);
static_assert(!kComparable<StringId, PodId> && !kComparable<PodId, EventIndex> && !kComparable<EventIndex, std::size_t>);
static_assert(!kArithmetic<StringId> && !kArithmetic<PodId> && !kArithmetic<EventIndex>);
// Their sentinels: a zeroed string field is the empty string; a pod's and an event's "none" is
// the largest value, past every table.
static_assert(StringId() == kNoString && kNoString.value() == 0 && !kNoString.valid());
static_assert(PodId() == kNoPod && !kNoPod.valid() && kNoPod.value() == 0xffffffffu);
static_assert(EventIndex() == kNoEvent && !kNoEvent.valid() && EventIndex(0) < kNoEvent);
// 32 bits each: the ids did not make the hot struct grow.
static_assert(sizeof(StringId) == 4 && sizeof(PodId) == 4 && sizeof(EventIndex) == 4);
static_assert(sizeof(Event) == 32);

} // namespace

class TestIds : public QObject {
    Q_OBJECT
private slots:
    void hashesAsItsValue()
    {
        std::unordered_set<AppleId> seen;
        for (std::uint32_t v : {5u, 1u, 5u, 0u, 1u})
            seen.insert(AppleId(v));
        QCOMPARE(seen.size(), std::size_t(3));
        QVERIFY(seen.count(AppleId(0)) && !seen.count(AppleId(2)) && !seen.count(AppleId()));
        QCOMPARE(std::hash<AppleId>{}(AppleId(42)), std::hash<std::uint32_t>{}(42));
    }
    void ordersAsItsValue()
    {
        std::vector<AppleId> ids{AppleId(9), AppleId(), AppleId(0), AppleId(4)};
        std::sort(ids.begin(), ids.end());
        QCOMPARE(ids, (std::vector<AppleId>{AppleId(0), AppleId(4), AppleId(9), AppleId::none()}));
        std::map<AppleId, int> byId{{AppleId(2), 2}, {AppleId(1), 1}};
        QCOMPARE(byId.begin()->second, 1);
    }
};

QTEST_APPLESS_MAIN(TestIds)
#include "tst_ids.moc"
