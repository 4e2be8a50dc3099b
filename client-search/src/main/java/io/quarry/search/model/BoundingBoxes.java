package io.quarry.search.model;

import io.quarry.core.InvalidRequestException;
import java.util.ArrayList;
import java.util.List;

/**
 * Checks {@code insideBoundingBox} before it is sent: a NaN would go out as the string {@code "NaN"}, and a box of
 * the wrong size or off the globe is one the service refuses, so each is refused here with the box it is in.
 */
final class BoundingBoxes {

    private BoundingBoxes() {}

    /**
     * {@return an unmodifiable copy of the boxes}
     *
     * @param boxes {@code [lat1, lng1, lat2, lng2]} lists, at least one
     * @throws InvalidRequestException for no box, a box of other than 4 numbers, a null, NaN or infinite number, a
     *     latitude outside -90..90 or a longitude outside -180..180
     */
    static List<List<Double>> checked(List<List<Double>> boxes) {
        if (boxes.isEmpty()) {
            throw new InvalidRequestException("insideBoundingBox needs at least one box");
        }
        List<List<Double>> copy = new ArrayList<>(boxes.size());
        for (int i = 0; i < boxes.size(); i++) {
            List<Double> box = boxes.get(i);
            if (box == null || box.size() != 4) {
                throw invalid(i, "is not 4 numbers [lat1, lng1, lat2, lng2]");
            }
            for (int k = 0; k < 4; k++) {
                Double number = box.get(k);
                double bound = k % 2 == 0 ? 90 : 180;
                if (number == null || !(Math.abs(number) <= bound)) {
                    throw invalid(
                            i,
                            "has " + (k % 2 == 0 ? "latitude " : "longitude ") + number + ", not a number within -"
                                    + (int) bound + ".." + (int) bound);
                }
            }
            copy.add(List.copyOf(box));
        }
        return List.copyOf(copy);
    }

    private static InvalidRequestException invalid(int box, String why) {
        return new InvalidRequestException("insideBoundingBox: box " + box + " " + why);
    }
}
