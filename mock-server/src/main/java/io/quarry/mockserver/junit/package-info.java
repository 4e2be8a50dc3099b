/** JUnit 5 support: {@link io.quarry.mockserver.junit.MockServerExtension} and its settings annotation. */
package io.quarry.mockserver.junit;
