import { loadAwsServiceSpec } from '@aws-cdk/aws-service-spec';
import type { PropertyType, SpecDatabase, TypeDefinition } from '@aws-cdk/service-spec-types';

/*
 * Checks a synthesized template against the CloudFormation resource specification aws-cdk-lib
 * is generated from: types, property names and required properties, not values, intrinsics
 * or custom resources (decision 065).
 */

export type SpecProblemKind = 'unknown-type' | 'unknown-property' | 'missing-property';

export interface SpecProblem {
  kind: SpecProblemKind;
  logicalId: string;
  type: string;
  /**
   * Where in Properties, dotted (`BucketEncryption.ServerSideEncryptionConfiguration[0]`).
   * @default none: the problem is the resource's type
   */
  property?: string;
  message: string;
}

interface TemplateJson {
  Resources?: Record<string, { Type?: string; Properties?: unknown }>;
}

/** The specification database (about a second to load; load it once per process). */
export function loadResourceSpec(): Promise<SpecDatabase> {
  return loadAwsServiceSpec();
}

/** Every problem the specification finds in a template's resources. */
export function checkTemplateAgainstSpec(template: unknown, db: SpecDatabase): SpecProblem[] {
  const problems: SpecProblem[] = [];
  for (const [logicalId, resource] of Object.entries((template as TemplateJson).Resources ?? {})) {
    const type = resource.Type ?? '';
    if (isUnchecked(type)) continue;
    const report = (kind: SpecProblemKind, property: string | undefined, what: string) =>
      problems.push({
        kind,
        logicalId,
        type,
        ...(property === undefined ? {} : { property }),
        message: `${logicalId} (${type}): ${what}`,
      });

    const spec = db.lookup('resource', 'cloudFormationType', 'equals', type)[0];
    if (!spec) {
      report('unknown-type', undefined, 'unknown resource type');
      continue;
    }
    checkObject(resource.Properties ?? {}, [spec.properties], '', db, report);
  }
  return problems;
}

type Report = (kind: SpecProblemKind, property: string | undefined, what: string) => void;
type Properties = TypeDefinition['properties'];

function isUnchecked(type: string): boolean {
  return (
    type.startsWith('Custom::') ||
    type === 'AWS::CloudFormation::CustomResource' ||
    type === 'AWS::CDK::Metadata'
  );
}

/** An object's keys against the property sets it may be (a union can allow several). */
function checkObject(
  value: unknown,
  shapes: Properties[],
  path: string,
  db: SpecDatabase,
  report: Report,
): void {
  if (!isPlainObject(value) || isIntrinsic(value)) return;
  const at = (name: string) => (path ? `${path}.${name}` : name);
  for (const [name, child] of Object.entries(value)) {
    const props = shapes.flatMap((shape) => {
      const prop = Object.hasOwn(shape, name) ? shape[name] : undefined;
      return prop ? [prop] : [];
    });
    if (props.length === 0) {
      report('unknown-property', at(name), `unknown property "${at(name)}"`);
      continue;
    }
    checkValue(
      child,
      props.flatMap((prop) => [prop.type, ...(prop.previousTypes ?? [])]),
      at(name),
      db,
      report,
    );
  }
  // Required only when every shape the object may be requires it.
  const required = shapes
    .map((shape) => Object.keys(shape).filter((name) => shape[name]?.required))
    .reduce((common, names) => common.filter((name) => names.includes(name)));
  for (const name of required) {
    if (!Object.hasOwn(value, name)) {
      report('missing-property', at(name), `missing required property "${at(name)}"`);
    }
  }
}

/** A property value against its possible types: descends into objects, arrays and maps. */
function checkValue(
  value: unknown,
  types: PropertyType[],
  path: string,
  db: SpecDatabase,
  report: Report,
): void {
  if (isIntrinsic(value)) return;
  const flat = flatten(types);
  if (flat.some((type) => type.type === 'json')) return;
  if (Array.isArray(value)) {
    const elements = flat.flatMap((type) => (type.type === 'array' ? [type.element] : []));
    if (elements.length === 0) return;
    value.forEach((item, index) => {
      checkValue(item, elements, `${path}[${index}]`, db, report);
    });
    return;
  }
  if (!isPlainObject(value)) return;
  const shapes = flat.flatMap((type) =>
    type.type === 'ref' ? [db.get('typeDefinition', type.reference).properties] : [],
  );
  if (shapes.length > 0) {
    checkObject(value, shapes, path, db, report);
    return;
  }
  const mapped = flat.flatMap((type) => (type.type === 'map' ? [type.element] : []));
  if (mapped.length === 0) return;
  for (const [key, item] of Object.entries(value)) {
    checkValue(item, mapped, `${path}.${key}`, db, report);
  }
}

function flatten(types: PropertyType[]): PropertyType[] {
  return types.flatMap((type) => (type.type === 'union' ? flatten(type.types) : [type]));
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `{ Ref }`, `{ "Fn::…" }`: a value CloudFormation computes, so its shape is unknown here. */
function isIntrinsic(value: unknown): boolean {
  if (!isPlainObject(value)) return false;
  const [key, ...others] = Object.keys(value);
  return key !== undefined && others.length === 0 && (key === 'Ref' || key.startsWith('Fn::'));
}
