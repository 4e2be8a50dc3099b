package io.quarry.core.layerfixture.internal.base;

import io.quarry.core.layerfixture.Value;

/** Against the order: a base helper that knows a public value. */
final class TextsUsingValue {
    Value value;
}
