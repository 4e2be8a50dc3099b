package io.quarry.personalization;

import io.quarry.core.Endpoint;

/** Every endpoint of the personalization API, with the path template exactly as the service documents it. */
final class Endpoints {

    /** Read a user's profile. */
    static final Endpoint GET_USER_PROFILE =
            Endpoint.read("getUserProfile", "GET", "/1/profiles/personalization/{userToken}");
    /** Delete a user's profile. */
    static final Endpoint DELETE_USER_PROFILE =
            Endpoint.write("deleteUserProfile", "DELETE", "/1/profiles/{userToken}");
    /** Read the strategy. */
    static final Endpoint GET_STRATEGY = Endpoint.read("getStrategy", "GET", "/1/strategies/personalization");
    /** Set the strategy. */
    static final Endpoint SET_STRATEGY = Endpoint.write("setStrategy", "POST", "/1/strategies/personalization");

    private Endpoints() {}
}
