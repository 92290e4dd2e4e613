import { UI_LANGUAGES, type UiLanguage } from '@parley/contracts';
import { normalWord } from './number-words.ts';

/**
 * Frequent words of each language that are never a name nor a street's name: function words, greetings,
 * politeness and the words a conversation puts right after "my name is …" or before a house number ("and",
 * "calling", "from", "please"). A name or a street's name ends at the first of them: in a transcript without
 * capitals they are what tells "this is Tom from support" from "this is Tom".
 */
const COMMON: Record<UiLanguage, string> = {
  en: "alright right so it's okay well a an the and or but so if of to in on at by for from with about as into is are was were be been am i i'm me my mine you your yours he she it we they them his her its our their this that these those there here what which who whom whose how why when where yes no not yeah yep okay ok please thanks thank hello hi hey bye sure well um uh er just also too very really calling speaking here again now today sir madam ma'am do does did have has had can could will would shall should may might must customer support service team agent department speak calling call number address street road avenue lane one two three four five six seven eight nine ten how's it's that's what's i'll i've i'd we're you're",
  uk: 'записуйте зараз ось так все немає нема є і й та а але або чи що як це цей ця ці той та то з зі із в у на до від для про по за під над при без мене мені мій моя моє мої ви вас вам ваш ваша він вона воно вони ми нас нам наш так ні не добре дякую будь ласка вітаю привіт добрий день доброго служба підтримки слухаю звати звуть можу чим допомогти тут зараз ось оператор компанії номер вулиця адреса',
  ru: 'записывайте сейчас вот да всё и а но или что как это этот эта эти тот та то с со из в во на до от для про по за под над при без меня мне мой моя моё мое мои вы вас вам ваш ваша он она оно они мы нас нам наш да нет не хорошо спасибо пожалуйста здравствуйте привет добрый день служба поддержки слушаю зовут могу чем помочь тут здесь сейчас вот оператор компании номер улица адрес',
  pl: 'już jest jestem państwa klientem klient zapisać proszę tak i a ale albo lub czy że jak to ten ta te tamten z ze w we na do od dla o po za pod nad przy bez mnie mi mój moja moje pan pani państwo pana panu on ona ono oni my nas nam nasz tak nie dobrze dziękuję proszę dzień dobry witam cześć dział obsługi klienta słucham się nazywam mogę w czym pomóc tutaj teraz oto konsultant firmy numer ulica adres',
  es: 'apunte vale eso es el mire bueno cliente suyo soy y e o u pero si que como es soy este esta estos estas ese esa eso el la los las lo un una unos unas de del al a en con sin por para sobre entre mi mis me yo tu tus usted ustedes su sus él ella ellos ellas nosotros nuestro sí no bien gracias por favor hola buenos buenas días tardes le habla atiende llamo llama servicio atención cliente cómo puedo ayudar aquí ahora número calle dirección',
  de: 'moment also genau gut die ist bin kundin kunde ihnen schaue nach und oder aber wenn dass wie ist bin sind war der die das den dem des ein eine einen einem einer im in an am auf aus bei mit nach von vor zu zum zur für über unter ohne ich mich mir mein meine meinen sie ihr ihre ihnen er es wir uns unser ja nein nicht gut danke bitte hallo guten tag morgen abend hier spricht heiße heisse name kundenservice kundendienst service wie kann ich helfen jetzt nummer straße adresse',
  pt: 'tome nota pronto então isso sou cliente vosso é e ou mas se que como é sou este esta isto esse essa o a os as um uma de do da dos das em no na nos nas com sem por para pelo pela sobre meu minha me eu você vocês o senhor a senhora seu sua ele ela eles elas nós nosso sim não bem obrigado obrigada por favor olá bom boa dia tarde fala chamo atendimento apoio cliente como posso ajudar aqui agora número rua morada endereço',
  it: 'scriva allora ecco cliente vostro sono dica e ed o ma se che come è sono questo questa questi quello quella il lo la i gli le un uno una di del della dei delle a al alla in nel nella con senza per su da dal dalla mio mia mi io tu lei voi suo sua lui loro noi nostro sì no bene grazie prego per favore buongiorno buonasera ciao salve parla chiamo servizio assistenza clienti come posso aiutare qui ora numero via indirizzo',
  fr: "voilà alors tout fait heu bon parfait ça client chez euh et ou mais si que comme est suis ce cet cette ces le la les l' un une des de du d' au aux à en dans avec sans pour par sur mon ma mes me moi je tu vous votre vos il elle ils elles nous notre oui non bien merci s'il plaît bonjour bonsoir salut service client clientèle comment puis aider ici maintenant numéro rue adresse c'est je m'appelle",
  tr: 'şöyle yazın evet tamam müşterinizim sizin ve veya ama eğer ki gibi bu şu o bir de da ile için ben benim bana sen siz sizin size onun biz bizim evet hayır tamam teşekkür teşekkürler lütfen merhaba iyi günler müşteri hizmetleri destek nasıl yardımcı olabilirim burada şimdi numara adres adım ismim sokak cadde',
  bg: 'значи ето записвайте да ваш клиент съм и а но или че как това този тази тези онзи с със от в във на до за по под над при без мен ми мой моя мое мои вие вас ви ваш ваша той тя то те ние нас нам наш да не добре благодаря моля здравейте здравей добър ден обслужване клиенти слушам казвам се мога с какво помогна тук сега ето оператор номер улица адрес',
};

const BY_LANGUAGE = new Map<UiLanguage, ReadonlySet<string>>(
  UI_LANGUAGES.map((language) => [language, new Set(COMMON[language].split(' ').map(normalWord))]),
);
const ALL = new Set(UI_LANGUAGES.flatMap((language) => [...BY_LANGUAGE.get(language)!]));

/** The common words of a conversation's language (every language's when it is unknown). */
export function commonWords(language: UiLanguage | null): ReadonlySet<string> {
  return language ? BY_LANGUAGE.get(language)! : ALL;
}

/** Phrases per language as sequences of normalised words ("je m'appelle" → ["je", "mʼappelle"]). */
export function phraseList(phrases: Record<UiLanguage, string>, language: UiLanguage | null): string[][] {
  const languages = language ? [language] : UI_LANGUAGES;
  return languages.flatMap((code) =>
    phrases[code].split('|').map((phrase) =>
      phrase
        .trim()
        .split(/[\s-]+/)
        .map(normalWord),
    ),
  );
}
