package io.quarry.search.model;

/**
 * Why a hit ranks where it does ({@code _rankingInfo}, present when {@code getRankingInfo} is set).
 *
 * @param nbTypos            typos in the match
 * @param firstMatchedWord   position of the first matched word
 * @param proximityDistance  sum of distances between matched words
 * @param userScore          custom ranking position
 * @param geoDistance        distance to the searched point
 * @param geoPrecision       precision of geo distances
 * @param nbExactWords       words matched exactly
 * @param words              words matched
 * @param filters            filters matched
 * @param matchedGeoLocation the record's point the geo search matched, or null when no geo parameter applied
 */
public record RankingInfo(
        Integer nbTypos,
        Integer firstMatchedWord,
        Integer proximityDistance,
        Integer userScore,
        Integer geoDistance,
        Integer geoPrecision,
        Integer nbExactWords,
        Integer words,
        Integer filters,
        MatchedGeoLocation matchedGeoLocation) {}
