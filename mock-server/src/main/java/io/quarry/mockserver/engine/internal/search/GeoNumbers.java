package io.quarry.mockserver.engine.internal.search;

import io.quarry.mockserver.engine.EngineException;
import io.quarry.mockserver.engine.internal.text.DecimalText;
import tools.jackson.databind.JsonNode;

/**
 * Reads the coordinates of a geo parameter: decimal numbers ({@code 48.85}, {@code -2}, {@code 4.885e1}), from
 * comma-separated text (spaces around each number allowed) or from a JSON array of numbers or numeric strings.
 * Java's other number forms ({@code NaN}, {@code Infinity}, {@code 0x1p3}, {@code 5d}) and an empty part are a
 * 400, and so is a latitude outside [-90, 90] or a longitude outside [-180, 180] (numbers alternate latitude,
 * longitude). Text is scanned once and no more than {@code limit} numbers are ever held.
 */
final class GeoNumbers {

    private static final int SHOWN_CHARACTERS = 40;

    private GeoNumbers() {}

    /**
     * {@return the numbers of comma-separated text}
     *
     * @param name the parameter, for messages
     * @param text the text
     * @param limit the most numbers accepted
     * @param tooMany the message past {@code limit}
     * @throws EngineException 400 for a malformed or out-of-range number, or more than {@code limit} numbers
     */
    static double[] ofText(String name, String text, int limit, String tooMany) {
        int count = 1;
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) == ',' && ++count > limit) {
                throw new EngineException(400, tooMany);
            }
        }
        double[] numbers = new double[count];
        int start = 0;
        for (int i = 0; i < count; i++) {
            int end = text.indexOf(',', start);
            if (end < 0) {
                end = text.length();
            }
            numbers[i] = coordinate(name, i, text.substring(start, end).trim());
            start = end + 1;
        }
        return numbers;
    }

    /**
     * {@return the numbers of a JSON array}
     *
     * @param name the parameter, for messages
     * @param array an array of numbers or numeric strings
     * @param limit the most numbers accepted
     * @param tooMany the message past {@code limit}
     * @throws EngineException 400 for any other element, a malformed or out-of-range number, or more than
     *     {@code limit} numbers
     */
    static double[] ofArray(String name, JsonNode array, int limit, String tooMany) {
        if (array.size() > limit) {
            throw new EngineException(400, tooMany);
        }
        double[] numbers = new double[array.size()];
        for (int i = 0; i < numbers.length; i++) {
            JsonNode element = array.get(i);
            if (element.isNumber()) {
                numbers[i] = inRange(name, i, element.doubleValue());
            } else if (element.isString()) {
                numbers[i] = coordinate(name, i, element.stringValue().trim());
            } else {
                throw new EngineException(400, name + " must hold numbers");
            }
        }
        return numbers;
    }

    private static double coordinate(String name, int position, String text) {
        Double number = DecimalText.parse(text);
        if (number == null) {
            throw new EngineException(400, "Invalid number in " + name + ": \"" + shown(text) + "\"");
        }
        return inRange(name, position, number);
    }

    private static double inRange(String name, int position, double number) {
        boolean latitude = position % 2 == 0;
        double bound = latitude ? 90 : 180;
        if (!(Math.abs(number) <= bound)) {
            throw new EngineException(
                    400,
                    name + ": " + (latitude ? "latitude" : "longitude") + " must be between -" + (int) bound + " and "
                            + (int) bound + ", got " + number);
        }
        return number;
    }

    private static String shown(String text) {
        return text.length() <= SHOWN_CHARACTERS ? text : text.substring(0, SHOWN_CHARACTERS) + "...";
    }
}
