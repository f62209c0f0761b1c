#pragma once
// Lane names that are too long for their column lose the part that matters least. For pods
// that is the end of the workload's name, never the generated suffix that tells replicas apart
// ("web-7d9f8b6c5d-x2x7q", "kube-proxy-q7x9m", "etcd-0"): "pod default/checkout-…-7d9f8b6c5d-x2x7q".
#include <QFontMetricsF>
#include <QString>

namespace kubelane::ui {

// The trailing "-hash-id" / "-id" / "-ordinal" of a generated pod name (with its leading dash),
// or empty when the name does not end in one.
QString generatedNameSuffix(const QString &name);
// `name` as it fits in `width`: unchanged when it fits; else elided just before its generated
// suffix; else (no suffix, or not even the suffix fits) elided in the middle.
QString elideLaneName(const QString &name, const QFontMetricsF &metrics, qreal width);

} // namespace kubelane::ui
