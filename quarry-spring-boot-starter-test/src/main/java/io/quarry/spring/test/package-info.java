/**
 * Test support for Spring Boot applications using the Quarry starter: {@link io.quarry.spring.test.QuarryMockServer}
 * runs a test against the embedded mock server.
 */
package io.quarry.spring.test;
