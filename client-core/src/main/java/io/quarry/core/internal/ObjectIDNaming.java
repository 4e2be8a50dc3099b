package io.quarry.core.internal;

import io.quarry.core.FreeFormRecord;
import tools.jackson.databind.PropertyNamingStrategy;
import tools.jackson.databind.cfg.MapperConfig;
import tools.jackson.databind.introspect.AnnotatedField;
import tools.jackson.databind.introspect.AnnotatedMethod;
import tools.jackson.databind.introspect.AnnotatedParameter;

/**
 * A record mapper's naming strategy that leaves a property called {@code objectID} alone: the service knows a
 * record by that member, so a strategy such as snake case, which would write it as {@code object_id}, must not
 * rename it. Names given explicitly ({@code @JsonProperty}) are not the strategy's to change and stay as given.
 */
final class ObjectIDNaming extends PropertyNamingStrategy {

    private static final long serialVersionUID = 1L;

    private final PropertyNamingStrategy others;

    /**
     * @param others the mapper's strategy for every other property
     */
    ObjectIDNaming(PropertyNamingStrategy others) {
        this.others = others;
    }

    @Override
    public String nameForField(MapperConfig<?> config, AnnotatedField field, String defaultName) {
        return isObjectID(defaultName) ? defaultName : others.nameForField(config, field, defaultName);
    }

    @Override
    public String nameForGetterMethod(MapperConfig<?> config, AnnotatedMethod method, String defaultName) {
        return isObjectID(defaultName) ? defaultName : others.nameForGetterMethod(config, method, defaultName);
    }

    @Override
    public String nameForSetterMethod(MapperConfig<?> config, AnnotatedMethod method, String defaultName) {
        return isObjectID(defaultName) ? defaultName : others.nameForSetterMethod(config, method, defaultName);
    }

    @Override
    public String nameForConstructorParameter(
            MapperConfig<?> config, AnnotatedParameter parameter, String defaultName) {
        return isObjectID(defaultName)
                ? defaultName
                : others.nameForConstructorParameter(config, parameter, defaultName);
    }

    private static boolean isObjectID(String name) {
        return FreeFormRecord.OBJECT_ID.equals(name);
    }
}
