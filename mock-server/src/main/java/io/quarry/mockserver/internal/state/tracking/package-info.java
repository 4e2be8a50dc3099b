/**
 * What the application keeps of its users' searches and events, in compact form: counts per index, day and tag set
 * for analytics and query suggestions, counts per user for personalization, each bounded. Internal: not part of the
 * public API.
 */
package io.quarry.mockserver.internal.state.tracking;
