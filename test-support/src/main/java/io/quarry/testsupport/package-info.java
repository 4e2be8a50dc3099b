/**
 * What every client module's tests share, so no module copies it: clients pointed at the mock server
 * ({@link io.quarry.testsupport.MockServerClients}) or at a WireMock server
 * ({@link io.quarry.testsupport.WireMockClients}), the check that every public handle offers each call in its two
 * forms ({@link io.quarry.testsupport.TwoForms}), quick polling for waits against the mock server
 * ({@link io.quarry.testsupport.TestWaits}), the check that a client reads odd success answers as a value or a
 * typed failure ({@link io.quarry.testsupport.MutatedAnswers}), and a client's close watched while its calls are in
 * flight: answers held until the test lets them through ({@link io.quarry.testsupport.HeldAnswers}), the close on a
 * thread of its own and its close timeout's checks ({@link io.quarry.testsupport.Closing}). From the core's test jar
 * ({@code io.quarry.core.testing}) come the mutable clock, log capture, {@code Eventually} and {@code TestThreads}, a
 * test's own threads for its blocking work, off the common pool: there so that client-core's own tests use them too.
 */
package io.quarry.testsupport;
