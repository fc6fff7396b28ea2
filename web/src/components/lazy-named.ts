import { lazy, type ComponentType } from 'react';

type PropsOf<Component> = Component extends ComponentType<infer Props> ? Props : never;

/** React.lazy for a named export: the shop's components are named exports, and React.lazy takes only a default one. */
export function lazyNamed<Module, Name extends keyof Module>(load: () => Promise<Module>, name: Name) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType<PropsOf<Module[Name]>> }));
}
