/** Request and response types of the search client: immutable, with fluent factories. */
package io.quarry.search.model;
