package io.quarry.search.model;

import io.quarry.core.InvalidRequestException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntPredicate;

/**
 * Checks {@code insideBoundingBox} and {@code insidePolygon} before they are sent: a NaN would go out as the string
 * {@code "NaN"}, and an area of the wrong size or off the globe is one the service refuses, so each is refused here
 * with the area it is in.
 */
final class GeoAreas {

    private GeoAreas() {}

    /**
     * {@return an unmodifiable copy of the boxes}
     *
     * @param boxes {@code [lat1, lng1, lat2, lng2]} lists, at least one
     * @throws InvalidRequestException for no box, a box of other than 4 numbers, a null, NaN or infinite number, a
     *     latitude outside -90..90 or a longitude outside -180..180
     */
    static List<List<Double>> boxes(List<List<Double>> boxes) {
        return checked(
                "insideBoundingBox", "box", boxes, size -> size == 4, "is not 4 numbers [lat1, lng1, lat2, lng2]");
    }

    /**
     * {@return an unmodifiable copy of the polygons}
     *
     * @param polygons {@code [lat1, lng1, lat2, lng2, lat3, lng3, ...]} lists, at least one
     * @throws InvalidRequestException for no polygon, a polygon of fewer than 3 points or of an odd count of numbers, a
     *     null, NaN or infinite number, a latitude outside -90..90 or a longitude outside -180..180
     */
    static List<List<Double>> polygons(List<List<Double>> polygons) {
        return checked(
                "insidePolygon",
                "polygon",
                polygons,
                size -> size >= 6 && size % 2 == 0,
                "is not 3 points or more [lat1, lng1, lat2, lng2, lat3, lng3, ...]");
    }

    private static List<List<Double>> checked(
            String parameter, String area, List<List<Double>> areas, IntPredicate takesSize, String badSize) {
        if (areas.isEmpty()) {
            throw new InvalidRequestException(parameter + " needs at least one " + area);
        }
        List<List<Double>> copy = new ArrayList<>(areas.size());
        for (int i = 0; i < areas.size(); i++) {
            List<Double> numbers = areas.get(i);
            if (numbers == null || !takesSize.test(numbers.size())) {
                throw invalid(parameter, area, i, badSize);
            }
            for (int k = 0; k < numbers.size(); k++) {
                Double number = numbers.get(k);
                double bound = k % 2 == 0 ? 90 : 180;
                if (number == null || !(Math.abs(number) <= bound)) {
                    throw invalid(
                            parameter,
                            area,
                            i,
                            "has " + (k % 2 == 0 ? "latitude " : "longitude ") + number + ", not a number within -"
                                    + (int) bound + ".." + (int) bound);
                }
            }
            copy.add(List.copyOf(numbers));
        }
        return List.copyOf(copy);
    }

    private static InvalidRequestException invalid(String parameter, String area, int index, String why) {
        return new InvalidRequestException(parameter + ": " + area + " " + index + " " + why);
    }
}
