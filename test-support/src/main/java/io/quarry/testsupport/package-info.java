/**
 * What every client module's tests share, so no module copies it: clients pointed at the mock server
 * ({@link io.quarry.testsupport.MockServerClients}) or at a WireMock server
 * ({@link io.quarry.testsupport.WireMockClients}), the check that every public handle offers each call in its two
 * forms ({@link io.quarry.testsupport.TwoForms}), quick polling for waits against the mock server
 * ({@link io.quarry.testsupport.TestWaits}), the check that a client reads odd success answers as a value or a
 * typed failure ({@link io.quarry.testsupport.MutatedAnswers}), and a client's close watched while its calls are in
 * flight: answers held until the test lets them through ({@link io.quarry.testsupport.HeldAnswers}), the close on a
 * thread of its own and its close timeout's checks ({@link io.quarry.testsupport.Closing}), and a test's own threads for
 * its blocking work, off the common pool ({@link io.quarry.testsupport.TestThreads}). The mutable clock and log capture
 * come with it from the core's test jar ({@code io.quarry.core.testing}).
 */
package io.quarry.testsupport;
