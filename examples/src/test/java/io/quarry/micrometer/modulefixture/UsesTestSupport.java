package io.quarry.micrometer.modulefixture;

import io.quarry.testsupport.TwoForms;

/** A published module's class that uses the test support. */
class UsesTestSupport {
    TwoForms forms;
}
