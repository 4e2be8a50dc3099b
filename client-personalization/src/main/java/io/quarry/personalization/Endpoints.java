package io.quarry.personalization;

import io.quarry.core.Endpoint;

/** Every endpoint of the personalization API, with the path template exactly as the service documents it. */
final class Endpoints {

    /** Read a user's profile. */
    static final Endpoint GET_USER_PROFILE =
            Endpoint.read("GET", "/1/profiles/personalization/{userToken}").named("getUserProfile");
    /** Delete a user's profile. */
    static final Endpoint DELETE_USER_PROFILE =
            Endpoint.write("DELETE", "/1/profiles/{userToken}").named("deleteUserProfile");
    /** Read the strategy. */
    static final Endpoint GET_STRATEGY =
            Endpoint.read("GET", "/1/strategies/personalization").named("getStrategy");
    /** Set the strategy. */
    static final Endpoint SET_STRATEGY =
            Endpoint.write("POST", "/1/strategies/personalization").named("setStrategy");

    private Endpoints() {}
}
