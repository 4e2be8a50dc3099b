/** The insights product: {@code POST /1/events}, validating events and handing them to the application's tracking. */
package io.quarry.mockserver.internal.products.insights;
