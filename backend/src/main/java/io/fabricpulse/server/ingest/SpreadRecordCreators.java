package io.fabricpulse.server.ingest;

import tools.jackson.databind.BeanDescription;
import tools.jackson.databind.DeserializationConfig;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.deser.ValueInstantiator;
import tools.jackson.databind.deser.ValueInstantiators;
import tools.jackson.databind.deser.std.StdValueInstantiator;
import tools.jackson.databind.introspect.AnnotatedConstructor;
import tools.jackson.databind.module.SimpleModule;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Constructor;

/**
 * Makes records through a method handle built once per record type. Jackson 3.1 calls a record's constructor with
 * {@code MethodHandle.invokeWithArguments}, which looks up a {@code MethodType} and builds a spreader on every call;
 * an ingest batch makes two records a port sample (the report and its peer), and those calls were a tenth of the
 * event loops' time at 40,000 port samples a second (JFR: {@code MethodType.makeImpl} and its map, the spreader's
 * forms). Only the call changes: which properties there are, how each is read, what is missing or null, and how an
 * exception of the constructor is reported stay Jackson's.
 */
final class SpreadRecordCreators extends SimpleModule {

    SpreadRecordCreators() {
        super("fabricpulse-spread-record-creators");
    }

    @Override
    public void setupModule(SetupContext context) {
        super.setupModule(context);
        context.addValueInstantiators(new Instantiators());
    }

    private static final class Instantiators extends ValueInstantiators.Base {

        @Override
        public ValueInstantiator modifyValueInstantiator(DeserializationConfig config, BeanDescription.Supplier bean,
                                                         ValueInstantiator found) {
            if (bean.isRecordType() && found.getClass() == StdValueInstantiator.class && found.canCreateFromObjectWith()
                    && found.getWithArgsCreator() instanceof AnnotatedConstructor creator) {
                MethodHandle construct = spreading(creator.getAnnotated());
                return construct == null ? found : new Spread((StdValueInstantiator) found, construct);
            }
            return found;
        }

        /**
         * {@code (Object[]) Object}: the constructor, its arguments spread from the array Jackson fills. Null when the
         * lookup may not reach it: Jackson makes the creators it finds accessible, so only a mapper that forbids that
         * ({@code CAN_OVERRIDE_ACCESS_MODIFIERS} off) meets a record that is not public here.
         */
        private static MethodHandle spreading(Constructor<?> constructor) {
            try {
                return MethodHandles.publicLookup().unreflectConstructor(constructor)
                        .asSpreader(Object[].class, constructor.getParameterCount())
                        .asType(MethodType.methodType(Object.class, Object[].class));
            } catch (IllegalAccessException unreachable) {
                return null; // Jackson's own call then
            }
        }
    }

    /** Jackson's instantiator of a record, calling the constructor through one spreading handle. */
    private static final class Spread extends StdValueInstantiator {

        private final MethodHandle construct;

        Spread(StdValueInstantiator found, MethodHandle construct) {
            super(found);
            this.construct = construct;
        }

        @Override
        public Object createFromObjectWith(DeserializationContext context, Object[] arguments) {
            try {
                return (Object) construct.invokeExact(arguments);
            } catch (Error e) {
                throw e;
            } catch (Throwable e) { // what the constructor threw (a record's own check), as Jackson reports it
                return context.handleInstantiationProblem(_valueClass, arguments, rewrapCtorProblem(context, e));
            }
        }
    }
}
