/**
 * A small API with one of each thing the API listing renders, for the tests of the listing: its expected listing is
 * {@code io/quarry/examples/api/apifixture-public-api.txt} in the test resources, and the tests compile edited
 * copies of these sources to show which edits change the listing.
 */
package io.quarry.apifixture;
