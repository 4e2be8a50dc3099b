/**
 * What every client module's tests share, so no module copies it: clients pointed at the mock server
 * ({@link io.quarry.testsupport.MockServerClients}) or at a WireMock server
 * ({@link io.quarry.testsupport.WireMockClients}), the check that every public handle offers each call in its two
 * forms ({@link io.quarry.testsupport.TwoForms}), quick polling for waits against the mock server
 * ({@link io.quarry.testsupport.TestWaits}), and the check that a client reads odd success answers as a value or a
 * typed failure ({@link io.quarry.testsupport.MutatedAnswers}). The mutable clock and log capture come with it from the core's test
 * jar ({@code io.quarry.core.testing}).
 */
package io.quarry.testsupport;
