/**
 * What is checked, and set for the libraries the server runs on, before the mock server starts. Internal: not part
 * of the public API.
 */
package io.quarry.mockserver.internal.startup;
