package io.quarry.apifixture;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** An annotation type: its retention, targets and elements with their defaults are listed. */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface Marker {

    /**
     * A value.
     *
     * @return the value
     */
    String value() default "";

    /**
     * Some colours.
     *
     * @return the colours
     */
    Colour[] colours() default {Colour.RED};
}
