/**
 * The transport core shared by every Quarry client module.
 *
 * <p>Users meet {@link io.quarry.core.ClientConfig} (credentials, hosts, timeouts, headers, compression,
 * proxy, logging), {@link io.quarry.core.RequestOptions} (per-request headers, query parameters, timeouts
 * and proxied-user helpers), {@link io.quarry.core.FreeFormRecord} (records without a fixed class),
 * {@link io.quarry.core.ApiResponse} and {@link io.quarry.core.RateLimit}, and the sealed, unchecked
 * {@link io.quarry.core.QuarryException} hierarchy.
 *
 * <p>Module authors build their client on {@link io.quarry.core.ApiClient}: they declare their
 * {@link io.quarry.core.Endpoint}s as constants, describe themselves with a {@link io.quarry.core.ClientModule}
 * (User-Agent name and version, {@link io.quarry.core.DefaultHosts} rule), and send calls with
 * {@link io.quarry.core.ApiRequest}, blocking or asynchronously, decoding into a {@code Class} or a
 * {@link io.quarry.core.TypeRef}. A module that embeds JSON inside another format uses
 * {@link io.quarry.core.JsonText}, and {@link io.quarry.core.FreeFormRecord#from(Object)} turns any record into
 * attributes it can inspect; modules never import {@code io.quarry.core.internal}.
 *
 * <p>Everything under {@code io.quarry.core.internal} is an implementation detail: the retry strategy, path
 * and query encoding, the JSON mapper (Jackson never appears in this package's API), the User-Agent,
 * redaction and the OkHttp transport.
 */
@SdkTypes
package io.quarry.core;

import io.quarry.core.spi.SdkTypes;
