/**
 * What XState's config types leave unchecked, checked at compile time: XState
 * types a transition's target as any string and lets a state's `on` name an
 * event the machine does not have (its `createMachine` infers the config, so
 * no excess-property check applies). `Misspelt<Config, EventType>` walks a
 * config whose literals are kept (a `const` type parameter) and names every
 * target that is no state and every event key that is no event; `never`
 * when there is none. Types only: nothing here runs.
 */

type Many<T> = T extends readonly (infer Item)[] ? Item : T;
type ValueOf<T> = T[keyof T];
type StatesOf<Node> = Node extends { states: infer States } ? States : Record<never, never>;

/** `a`, `a.b`, … : every state under `states`, by its path. */
type PathsIn<States> = ValueOf<{
  [Key in keyof States & string]: Key | `${Key}.${PathsIn<StatesOf<States[Key]>>}`;
}>;

/** The transitions a state node declares: its events, its eventless rows, its invocations' answers, its own onDone. */
type TransitionsOf<Node> =
  | (Node extends { on: infer On } ? ValueOf<On> : never)
  | (Node extends { always: infer Always } ? Always : never)
  | (Node extends { invoke: infer Invoke }
      ? Many<Invoke> extends infer One
        ? ValueOf<Pick<One, ('onDone' | 'onError') & keyof One>>
        : never
      : never)
  | (Node extends { onDone: infer OnDone } ? OnDone : never);

/** The targets one transition (or a list of them) names; a target typed only as `string` counts as unknown. */
type TargetsOf<Transition> =
  Many<Transition> extends infer One
    ? One extends string
      ? One
      : 'target' extends keyof One
        ? Many<Exclude<One['target' & keyof One], undefined>> & string
        : never
    : never;

/** Where a target may point from a node among `Siblings`: a sibling (or below one), a child of its own (`.child`), or any state by id. */
type Reachable<Node, Siblings, Absolute extends string> = PathsIn<Siblings> | `.${PathsIn<StatesOf<Node>>}` | Absolute;

type UnknownTargets<Node, Siblings, Absolute extends string> =
  | Exclude<TargetsOf<TransitionsOf<Node>>, Reachable<Node, Siblings, Absolute>>
  | (Node extends { initial: infer Initial } ? Exclude<Initial, keyof StatesOf<Node>> : never)
  | ValueOf<{ [Key in keyof StatesOf<Node>]: UnknownTargets<StatesOf<Node>[Key], StatesOf<Node>, Absolute> }>;

type UnknownEvents<Node, EventType extends string> =
  | (Node extends { on: infer On } ? Exclude<keyof On, EventType> : never)
  | ValueOf<{ [Key in keyof StatesOf<Node>]: UnknownEvents<StatesOf<Node>[Key], EventType> }>;

/** Every misspelt target and event key in a machine config (`never` if none), for an error that names them. */
export type Misspelt<Config extends { id?: string }, EventType extends string> =
  | UnknownTargets<Config, Record<never, never>, `#${Config['id'] & string}` | `#${Config['id'] & string}.${PathsIn<StatesOf<Config>>}`>
  | UnknownEvents<Config, EventType>;

/**
 * What a config must also be: nothing more when nothing is misspelt, else an
 * object with a property that names the misspellings (so the compiler's error
 * shows them).
 */
export type NothingMisspelt<Config extends { id?: string }, EventType extends string> = [Misspelt<Config, EventType>] extends [never]
  ? unknown
  : { 'misspelt target or event': Misspelt<Config, EventType> };

/** For a helper's `on`: no key that is not an event. */
export type OnlyEvents<On, EventType extends string> = { [Key in Exclude<keyof On, EventType>]: never };
