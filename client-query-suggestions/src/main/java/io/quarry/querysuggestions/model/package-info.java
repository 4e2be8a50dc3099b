/**
 * Request and response types of the query-suggestions client: configurations and their source indices (immutable
 * records with fluent copies), build status and build log lines.
 */
@SdkTypes
package io.quarry.querysuggestions.model;

import io.quarry.core.spi.SdkTypes;
