import { useRouteRef } from '@backstage/core-plugin-api';
import { templateRouteRef } from '../../routes';

/**
 * A link to one of Arlon's software templates with its form pre-filled
 * (the scaffolder reads `formData` from the query), or undefined when no
 * scaffolder is bound.
 */
export function useTemplateLink(
  templateName: string,
  formData: Record<string, unknown>,
): string | undefined {
  const route = useRouteRef(templateRouteRef);
  if (!route) return undefined;
  return `${route({
    namespace: 'default',
    templateName,
  })}?formData=${encodeURIComponent(JSON.stringify(formData))}`;
}
