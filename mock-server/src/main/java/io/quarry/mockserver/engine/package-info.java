/**
 * The search engine of the mock server: record storage with an inverted index ({@link
 * io.quarry.mockserver.engine.IndexData}), and search, browse, search for facet values and delete-by-query
 * ({@link io.quarry.mockserver.engine.SearchEngine}). It never sees HTTP: the HTTP layer hands it JSON bodies and
 * turns an {@link io.quarry.mockserver.engine.EngineException} into a {@code {"message", "status"}} answer.
 *
 * <h2>Parameters</h2>
 * A request's parameters come from its URL-encoded {@code params} string ({@code +} and {@code %20} are spaces;
 * arrays as JSON arrays or comma-separated), then from the explicit members of the body (which win), then from
 * the key's forced parameters (which win over both). A parameter that is also an index setting overrides it.
 * Unknown parameters are ignored, or a 400 with {@code new SearchEngine(UnknownParameters.REFUSED)} (strict mode).
 *
 * <p>Implemented: query, page, hitsPerPage (0 to 1000), offset/length, paginationLimitedTo (default 1000),
 * getRankingInfo, filters, facetFilters, numericFilters, tagFilters, facets, maxValuesPerFacet, sortFacetValuesBy,
 * facetingAfterDistinct, distinct (with the attributeForDistinct setting), attributesToRetrieve,
 * unretrievableAttributes (setting), attributesToHighlight, attributesToSnippet, highlightPreTag,
 * highlightPostTag, snippetEllipsisText, typoTolerance (true, false, min, strict), minWordSizefor1Typo (4),
 * minWordSizefor2Typos (8), allowTyposOnNumericTokens, disableTypoToleranceOnWords,
 * disableTypoToleranceOnAttributes, queryType (prefixLast, prefixAll, prefixNone), restrictSearchableAttributes,
 * synonyms, exactOnSingleWordQuery, advancedSyntax with advancedSyntaxFeatures (exactPhrase, excludeWords),
 * enableRules, ruleContexts, responseFields, ignorePlurals, removeStopWords, queryLanguages, decompoundQuery,
 * optionalWords, optionalFilters with sumOrFiltersScores (facetFilters syntax, {@code <score=N>} suffixes, OR
 * groups, negation; numeric optional filters are a 400; they rank by the {@code filters} criterion and never
 * exclude a record; {@code _rankingInfo.filters} is the score),
 * removeWordsIfNoResults (lastWords, firstWords, allOptional: the words become optional step by step until
 * something matches),
 * aroundLatLng, aroundRadius, aroundPrecision, insideBoundingBox, insidePolygon, facetQuery and maxFacetHits
 * (search for facet values), cursor (browse). Settings read: searchableAttributes (with {@code unordered()} and
 * comma-joined equal ranks), attributesForFaceting (with {@code searchable()}, {@code filterOnly()},
 * {@code afterDistinct()}), customRanking, ranking (including {@code asc()}/{@code desc()}), and every setting
 * named like a parameter above. Accepted and ignored: analytics, personalisation, and the other parameters
 * listed in the engine's parameter table.
 *
 * <p>Shapes: {@code facetFilters}, {@code optionalFilters}, {@code tagFilters} and {@code numericFilters} are a
 * string or an array of strings and arrays; each array is an OR group and arrays nested deeper are flattened into
 * it ({@code ["a", ["b", ["c"]]]} is {@code a AND (b OR c)}). In {@code filters} a facet or tag filter may end
 * with {@code <score=N>}: the OR groups holding a score rank by the {@code filters} criterion as optional filters
 * do (best member, or the sum with {@code sumOrFiltersScores}). {@code aroundPrecision} is an integer or a list of
 * {@code {from, value}} ranges.
 *
 * <h2>Bounds</h2>
 * One search's work is bounded, since it holds its index's read lock: a {@code query} of more than 512
 * characters is a 400 ({@code query: too long}); {@code filters} nested more than 64 levels deep (parentheses and
 * {@code NOT}) or filter arrays nested more than 64 levels deep are a 400 ({@code filters: too deeply nested});
 * an expression holds at most 1000 single filters and 10,000 tokens; decompounding a word takes time linear in
 * its length; a query word longer than 64 characters matches without typos; a query whose words match more than
 * 500,000 indexed words in all (typo and prefix variants included) is a 400, and removeWordsIfNoResults takes a
 * number of matchings logarithmic in the query's words. Synonyms cost time linear in those
 * saved (a group is kept once, never expanded into every pair of its words), and a rule pattern's facet
 * placeholders time polynomial in the query's words, however many placeholders and value lengths there are.
 *
 * <p>Rules (search only, not browse or facet search): conditions on the query ({@code pattern} with
 * {@code anchoring} is, startsWith, endsWith, contains, the pattern possibly holding {@code {facet:attr}}
 * placeholders that recognise one or more query words forming a value of a facet declared in
 * attributesForFaceting) and {@code context}; consequences {@code params} (including query replacement and
 * edits, and {@code automaticFacetFilters}: a filter on each recognised value of the listed facets, ANDed with the
 * request's filters, several values ORed when {@code disjunctive}, negated when {@code negative}, the recognised
 * words removed from the query; and {@code automaticOptionalFacetFilters}: an optional filter on each recognised
 * value with the entry's {@code score}, added to the request's, the words kept in the query), {@code promote},
 * {@code hide}, {@code filterPromotes} and {@code userData} (returned with {@code appliedRules}). The response's
 * {@code params} echoes the request's parameters, not those a rule added nor its automatic (optional) facet
 * filters; {@code parsed_query} shows the query the rules left.
 *
 * <h2>Differences from the service</h2>
 * <ul>
 *   <li>Counts are exact: {@code exhaustiveNbHits} and {@code exhaustiveFacetsCount} are always true.
 *   <li>{@code hitsPerPage} accepts 0 (facets only, as front-end libraries send it) up to 1000; browse accepts 1
 *       to 1000 and defaults to 1000.
 *   <li>Ranking criterion {@code words} ties unless words are optional (every query word is required by
 *       default); {@code filters} ties for every hit without optional filters; {@code geo} ties unless
 *       {@code aroundLatLng} is given.
 *   <li>Ties after every criterion keep insertion order (a replaced record keeps its place), so results are
 *       deterministic. {@code userScore} is the hit's rank by customRanking alone.
 *   <li>Rule conditions on {@code filters} never hold; a {@code {facet:attr}} placeholder prefers the longest
 *       value, and with {@code contains} the pattern matches every non-overlapping occurrence (several values of
 *       one facet); the automatic (optional) facet filters come from the first condition that holds; rule
 *       priorities are their saved order (the first rule setting a parameter wins); a promoted record that does
 *       not match the query is added to {@code nbHits}.
 *   <li>Plurals: regular English forms, plus the groups of the language dictionaries
 *       ({@link io.quarry.mockserver.engine.LanguageDictionaries}); stop words ({@code removeStopWords}) and
 *       decompounding ({@code decompoundQuery}) use those dictionaries too: {@code true} means the
 *       {@code queryLanguages}, or every language when unset; the last word while typed, phrase words, and a
 *       query made only of stop words keep their stop words; a compound splits into its listed parts or into known
 *       atoms, which must then follow each other. No CJK segmentation, personalisation or A/B tests; a
 *       placeholder synonym's replacements match the placeholder's words in records (its angle brackets separate
 *       words); alternative corrections count as one or two typos, none when typos are off (a multi-word query
 *       run matching a multi-word synonym is also read as one word).
 *   <li>Typos: optimal-string-alignment Damerau-Levenshtein, typos on the first letter count like any other;
 *       words found only in objectIDs (searchable only when listed in searchableAttributes) match exactly or
 *       by prefix, never with typos.
 *   <li>Snippets center on the first match; highlighting wraps each matched word separately (no HTML escaping).
 *   <li>Filters: an OR group must hold one filter type; {@code attr != x} passes records without the attribute;
 *       a facet filter whose value is a number also matches that number in undeclared attributes.
 *   <li>Browse and search for facet values ignore {@code optionalFilters}.
 *   <li>Browse ignores {@code distinct}, {@code typoTolerance} min/strict and {@code removeWordsIfNoResults};
 *       its cursor is stateless (Base64 of the parameters, the sort key of the last record and the first call's
 *       {@code nbHits}, which later calls report), so it survives restarts; records written between calls
 *       appear when they sort after the cursor, removed ones vanish.
 *   <li>Geo: once a geo parameter is set, records without a usable {@code _geoloc} point are excluded; without
 *       {@code aroundRadius} there is no radius limit (the service computes one from density); a box's longitudes
 *       run the shorter way between its corners' (across the antimeridian when they are more than 180 degrees
 *       apart), a polygon's edges never cross it.
 * </ul>
 */
package io.quarry.mockserver.engine;
