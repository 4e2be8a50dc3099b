package io.quarry.personalization;

import io.quarry.core.ApiClient;
import io.quarry.core.ApiRequest;
import io.quarry.core.ClientConfig;
import io.quarry.core.ClientModule;
import io.quarry.core.DefaultHosts;
import io.quarry.core.InvalidRequestException;
import io.quarry.core.Region;
import io.quarry.core.RequestOptions;
import io.quarry.core.spi.CallScope;
import io.quarry.core.spi.ClientHandle;
import io.quarry.personalization.model.DeletedProfile;
import io.quarry.personalization.model.PersonalizationStrategy;
import io.quarry.personalization.model.StrategyUpdated;
import io.quarry.personalization.model.UserProfile;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Pattern;

/**
 * The client of the personalization API: user profiles and the personalization strategy. The service keeps the
 * data in one region; the client calls that region's host, {@code personalization.<region>.<product domain>}
 * (custom hosts in the configuration replace it). The service has no host without a region, so every
 * {@code create} takes one.
 *
 * <pre>{@code
 * try (PersonalizationClient client = PersonalizationClient.create("MY_APP_ID", "MY_API_KEY", Region.EU)) {
 *     client.setStrategy(PersonalizationStrategy.of(
 *             List.of(EventScoring.of("Product viewed", EventType.VIEW, 10)),
 *             List.of(FacetScoring.of("brand", 100)),
 *             50));
 *     UserProfile profile = client.getUserProfile("user-42");
 *     List<String> filters = PersonalizationFilters.optionalFilters(profile, client.getStrategy());
 * }
 * }</pre>
 * The key needs the {@code recommendation} right; such a key exposes users' data, so use it from a backend only.
 * Thread-safe. Every call comes in two forms, blocking and {@code ...Async}; per-call options come from a
 * {@link #withOptions(RequestOptions) view}. Errors are {@link io.quarry.core.QuarryException}s: a user without a
 * profile, or a strategy never set, is a {@link io.quarry.core.NotFoundException}.
 */
public final class PersonalizationClient extends ClientHandle<PersonalizationClient> {

    /** A user token: letters, digits, {@code _} and {@code -}, 1 to 64 characters. */
    private static final Pattern USER_TOKEN = Pattern.compile("[a-zA-Z0-9_-]{1,64}");

    private PersonalizationClient(CallScope scope, Connections connections) {
        super(scope, connections);
    }

    /**
     * A client calling the region's host, {@code personalization.<region>.<product domain>}
     * ({@code personalization.us.<product domain>}, {@code personalization.eu.<product domain>}). The service has no
     * host without a region, so the region is required.
     *
     * @param applicationId the application ID
     * @param apiKey        an API key with the {@code recommendation} right (never logged)
     * @param region        the region of the application's personalization data
     * @return the client; close it when done
     */
    public static PersonalizationClient create(String applicationId, String apiKey, Region region) {
        return create(ClientConfig.builder(applicationId, apiKey).build(), region);
    }

    /**
     * A client from a full configuration: it calls the configuration's hosts when it names some, else the region's
     * host, {@code personalization.<region>.<product domain>}.
     *
     * @param config the configuration
     * @param region the region of the application's personalization data
     * @return the client; close it when done
     */
    public static PersonalizationClient create(ClientConfig config, Region region) {
        Objects.requireNonNull(region, "region");
        ClientModule module = ClientModule.of("Personalization", PersonalizationClient.class, defaultHosts(region));
        return new PersonalizationClient(CallScope.of(ApiClient.create(config, module)), Connections.OWNED);
    }

    /** The region's host, {@code personalization.<region>.<product domain>}. */
    static DefaultHosts defaultHosts(Region region) {
        return DefaultHosts.productHost("personalization." + region.name(), "");
    }

    /**
     * A view of this client sharing its connections; closing a view does nothing, close the client it came from.
     */
    @Override
    protected PersonalizationClient withScope(CallScope scope) {
        return new PersonalizationClient(scope, Connections.SHARED);
    }

    /**
     * Reads a user's profile.
     *
     * @param userToken the user: letters, digits, {@code _} and {@code -}, 1 to 64 characters
     * @return the profile
     * @throws io.quarry.core.NotFoundException for a user without a profile
     * @throws InvalidRequestException for a malformed user token, before any call
     * @throws io.quarry.core.QuarryException on any other failure
     */
    public UserProfile getUserProfile(String userToken) {
        return getUserProfileRequest(userToken).execute(UserProfile.class);
    }

    /**
     * Asynchronous form of {@link #getUserProfile(String)}. Cancelling the future cancels the call.
     *
     * @param userToken the user
     * @return a future of the profile; it fails with a {@link io.quarry.core.QuarryException}
     * @throws InvalidRequestException for a malformed user token, before any call
     */
    public CompletableFuture<UserProfile> getUserProfileAsync(String userToken) {
        return getUserProfileRequest(userToken).executeAsync(UserProfile.class);
    }

    private ApiRequest getUserProfileRequest(String userToken) {
        return scope().request(Endpoints.GET_USER_PROFILE).path("userToken", checkUserToken(userToken));
    }

    /**
     * Deletes a user's profile: the user's events up to the returned time stop counting; later events start a new
     * profile.
     *
     * @param userToken the user: letters, digits, {@code _} and {@code -}, 1 to 64 characters
     * @return the user and the time up to which the data are deleted
     * @throws io.quarry.core.NotFoundException for a user without a profile
     * @throws InvalidRequestException for a malformed user token, before any call
     * @throws io.quarry.core.QuarryException on any other failure
     */
    public DeletedProfile deleteUserProfile(String userToken) {
        return deleteUserProfileRequest(userToken).execute(DeletedProfile.class);
    }

    /**
     * Asynchronous form of {@link #deleteUserProfile(String)}. Cancelling the future cancels the call.
     *
     * @param userToken the user
     * @return a future of the deletion; it fails with a {@link io.quarry.core.QuarryException}
     * @throws InvalidRequestException for a malformed user token, before any call
     */
    public CompletableFuture<DeletedProfile> deleteUserProfileAsync(String userToken) {
        return deleteUserProfileRequest(userToken).executeAsync(DeletedProfile.class);
    }

    private ApiRequest deleteUserProfileRequest(String userToken) {
        return scope().request(Endpoints.DELETE_USER_PROFILE).path("userToken", checkUserToken(userToken));
    }

    /**
     * Reads the personalization strategy.
     *
     * @return the strategy
     * @throws io.quarry.core.NotFoundException while no strategy was ever set
     * @throws io.quarry.core.QuarryException on any other failure
     */
    public PersonalizationStrategy getStrategy() {
        return scope().request(Endpoints.GET_STRATEGY).execute(PersonalizationStrategy.class);
    }

    /**
     * Asynchronous form of {@link #getStrategy()}. Cancelling the future cancels the call.
     *
     * @return a future of the strategy; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<PersonalizationStrategy> getStrategyAsync() {
        return scope().request(Endpoints.GET_STRATEGY).executeAsync(PersonalizationStrategy.class);
    }

    /**
     * Replaces the personalization strategy, after checking it ({@link PersonalizationStrategy#validate()}).
     *
     * @param strategy the new strategy
     * @return the service's acknowledgement
     * @throws InvalidRequestException for a strategy breaking a rule, before any call
     * @throws io.quarry.core.UnprocessableEntityException when the service refuses it
     * @throws io.quarry.core.QuarryException on any other failure
     */
    public StrategyUpdated setStrategy(PersonalizationStrategy strategy) {
        return setStrategyRequest(strategy).execute(StrategyUpdated.class);
    }

    /**
     * Asynchronous form of {@link #setStrategy(PersonalizationStrategy)}. Cancelling the future cancels the call.
     *
     * @param strategy the new strategy
     * @return a future of the acknowledgement; it fails with a {@link io.quarry.core.QuarryException}
     * @throws InvalidRequestException for a strategy breaking a rule, before any call
     */
    public CompletableFuture<StrategyUpdated> setStrategyAsync(PersonalizationStrategy strategy) {
        return setStrategyRequest(strategy).executeAsync(StrategyUpdated.class);
    }

    private ApiRequest setStrategyRequest(PersonalizationStrategy strategy) {
        Objects.requireNonNull(strategy, "strategy").validate();
        return scope().request(Endpoints.SET_STRATEGY).body(strategy);
    }

    private static String checkUserToken(String userToken) {
        Objects.requireNonNull(userToken, "userToken");
        if (!USER_TOKEN.matcher(userToken).matches()) {
            throw new InvalidRequestException(
                    "userToken must be 1 to 64 letters, digits, '_' or '-', got \"" + userToken + "\"");
        }
        return userToken;
    }
}
