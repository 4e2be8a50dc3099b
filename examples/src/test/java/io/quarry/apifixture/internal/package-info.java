/** Not API: nothing here is listed. */
package io.quarry.apifixture.internal;
