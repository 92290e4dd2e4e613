/**
 * Names and postal addresses in the corpus, per language: how agents introduce themselves, how customers give
 * their name and address, how the agent mentions the customer later, and near-misses that must stay (a street
 * named without a house number, a product's capitalised name). `{v}` is where the value stands; in `streets`,
 * `{n}` is the house number and `{f}` a flat's number.
 */
import type { Language } from './values.ts';

export interface Customer {
  first: string;
  last: string;
  female: boolean;
}

export interface PeoplePhrases {
  /** The agent's greeting with the agent's first name. */
  greet: string[];
  agents: string[];
  customers: Customer[];
  /** The customer says their full name. */
  introduce: string[];
  /** The agent asks for the name; the customer answers with the full name. */
  askName: string[];
  /** The agent says the customer's surname (`{v}`) later: to a woman, to a man. */
  mentionSurname: [string[], string[]];
  /** The agent says the customer's first name later. */
  mentionFirst: string[];
  askAddress: string[];
  streets: string[];
  /** Postcode and town after the street, sometimes. */
  towns: string[];
  /** Near-misses: a street named without a house number, a product. */
  streetOnly: { lines: string[]; values: string[] };
  product: { lines: string[]; values: string[] };
}

const c = (first: string, last: string, female: boolean): Customer => ({ first, last, female });

export const PEOPLE: Record<Language, PeoplePhrases> = {
  en: {
    greet: [
      'Thank you for calling, my name is {v}, how can I help you today?',
      'Hi, this is {v} from support. What can I do for you?',
      'Good morning, {v} speaking, how can I help?',
    ],
    agents: ['Sarah', 'Tom', 'Rachel', 'Daniel'],
    customers: [c('Emily', 'Jones', true), c('Michael', 'Brown', false), c('Olivia', 'Thompson', true)],
    introduce: ['My name is {v}.', 'Hi, my name is {v}, I am a customer of yours.'],
    askName: ['Can I have your full name, please?', 'Who am I speaking with?'],
    mentionSurname: [
      ['Thank you, Ms {v}.', 'One moment, Mrs {v}.'],
      ['Thank you, Mr {v}.', 'One moment, Mr {v}.'],
    ],
    mentionFirst: ['Thanks, {v}, let me check.', 'Alright {v}, bear with me.'],
    askAddress: ['What is your home address?', 'Which address should we send the new card to?'],
    streets: ['{n} Baker Street', '{n} Oak Road', '{n} Maple Avenue', '{n} Elm Lane, apt {f}'],
    towns: [', Springfield, IL 62704', ', Austin, TX 78701'],
    streetOnly: {
      lines: ['I drove down {v} this morning.', 'Is your shop on {v} still open?'],
      values: ['Main Street', 'Park Avenue'],
    },
    product: {
      lines: ['The {v} I bought stopped working.', 'Does the {v} come with a charger?'],
      values: ['Galaxy Note', 'Smart Hub Pro'],
    },
  },
  uk: {
    greet: ['Добрий день, мене звати {v}, чим можу допомогти?', 'Вітаю, це {v} зі служби підтримки.'],
    agents: ['Олена', 'Андрій', 'Наталія'],
    customers: [c('Ірина', 'Бондар', true), c('Тарас', 'Шевчук', false), c('Оксана', 'Коваленко', true)],
    introduce: ['Мене звати {v}.', 'Добрий день, мене звати {v}, я ваш клієнт.'],
    askName: ['Назвіть, будь ласка, ваше ім’я та прізвище.', 'Як вас звати?'],
    mentionSurname: [
      ['Дякую, пані {v}.', 'Хвилинку, пані {v}.'],
      ['Дякую, пане {v}.', 'Хвилинку, пане {v}.'],
    ],
    mentionFirst: ['Добре, {v}, зараз перевірю.'],
    askAddress: ['Яка ваша адреса?', 'На яку адресу надіслати нову картку?'],
    streets: ['вулиця Шевченка, {n}', 'вул. Хрещатик, {n}, кв. {f}', 'проспект Перемоги {n}'],
    towns: [', 01001 Київ', ', 79000 Львів'],
    streetOnly: {
      lines: ['Я їхав по {v} зранку.', 'Ваш магазин на {v} ще працює?'],
      values: ['вулиці Франка', 'Хрещатику'],
    },
    product: {
      lines: ['{v} перестав працювати.', 'Чи є зарядка до {v}?'],
      values: ['Galaxy Note', 'Смарт Хаб'],
    },
  },
  ru: {
    greet: ['Здравствуйте, меня зовут {v}, чем могу помочь?', 'Добрый день, это {v} из службы поддержки.'],
    agents: ['Ирина', 'Алексей', 'Наталья'],
    customers: [c('Анна', 'Смирнова', true), c('Дмитрий', 'Волков', false), c('Ольга', 'Морозова', true)],
    introduce: ['Меня зовут {v}.', 'Здравствуйте, меня зовут {v}, я ваш клиент.'],
    askName: ['Назовите, пожалуйста, ваше имя и фамилию.', 'Как вас зовут?'],
    mentionSurname: [['Спасибо, госпожа {v}.'], ['Спасибо, господин {v}.']],
    mentionFirst: ['Хорошо, {v}, сейчас проверю.', 'Минутку, {v}.'],
    askAddress: ['Какой у вас адрес?', 'На какой адрес отправить новую карту?'],
    streets: ['улица Пушкина, дом {n}', 'ул. Садовая, д. {n}, кв. {f}', 'проспект Мира {n}'],
    towns: [', 101000 Москва', ', 190000 Санкт-Петербург'],
    streetOnly: {
      lines: ['Я ехал по {v} утром.', 'Ваш магазин на {v} ещё работает?'],
      values: ['Тверской улице'],
    },
    product: {
      lines: ['{v} перестал работать.', 'Есть ли зарядка к {v}?'],
      values: ['Galaxy Note', 'Смарт Хаб'],
    },
  },
  pl: {
    greet: ['Dzień dobry, nazywam się {v}, w czym mogę pomóc?', 'Dzień dobry, tu {v} z działu obsługi.'],
    agents: ['Anna', 'Tomasz', 'Magdalena'],
    customers: [
      c('Katarzyna', 'Kowalska', true),
      c('Piotr', 'Nowak', false),
      c('Agnieszka', 'Wiśniewska', true),
    ],
    introduce: ['Nazywam się {v}.', 'Dzień dobry, nazywam się {v}, jestem państwa klientem.'],
    askName: ['Proszę podać imię i nazwisko.', 'Jak się pani nazywa?'],
    mentionSurname: [
      ['Pani {v}, czy to wszystko?', 'Dziękuję, pani {v}.'],
      ['Pan {v}, czy to wszystko?', 'Dziękuję, panie {v}.'],
    ],
    mentionFirst: ['Dobrze, {v}, już sprawdzam.'],
    askAddress: ['Jaki jest pana adres?', 'Na jaki adres wysłać nową kartę?'],
    streets: ['ul. Długa {n}', 'ulica Marszałkowska {n}/{f}', 'al. Jerozolimskie {n}'],
    towns: [', 00-950 Warszawa', ', 30-001 Kraków'],
    streetOnly: {
      lines: ['Jechałem rano ulicą {v}.', 'Czy sklep na {v} jest otwarty?'],
      values: ['Piotrkowską'],
    },
    product: {
      lines: ['{v} przestał działać.', 'Czy {v} ma ładowarkę?'],
      values: ['Galaxy Note', 'Smart Hub'],
    },
  },
  es: {
    greet: ['Buenos días, le atiende {v}, ¿en qué puedo ayudarle?', 'Hola, soy {v} de atención al cliente.'],
    agents: ['Lucía', 'Javier', 'Marta'],
    customers: [c('Carmen', 'Ruiz', true), c('Alejandro', 'Fernández', false), c('Isabel', 'Moreno', true)],
    introduce: ['Me llamo {v}.', 'Hola, mi nombre es {v}, soy cliente suyo.'],
    askName: ['¿Me dice su nombre completo, por favor?', '¿Cómo se llama?'],
    mentionSurname: [
      ['Gracias, señora {v}.', 'Un momento, señora {v}.'],
      ['Gracias, señor {v}.', 'Un momento, señor {v}.'],
    ],
    mentionFirst: ['Vale, {v}, lo compruebo.'],
    askAddress: ['¿Cuál es su dirección?', '¿A qué dirección enviamos la nueva tarjeta?'],
    streets: ['calle Mayor {n}', 'avenida de la Constitución {n}', 'c/ Alcalá {n}, piso {f}'],
    towns: [', 28013 Madrid', ', 41001 Sevilla'],
    streetOnly: {
      lines: ['Esta mañana pasé por la {v}.', '¿Sigue abierta la tienda de la {v}?'],
      values: ['Gran Vía'],
    },
    product: {
      lines: ['El {v} dejó de funcionar.', '¿El {v} trae cargador?'],
      values: ['Galaxy Note', 'Smart Hub'],
    },
  },
  de: {
    greet: [
      'Guten Tag, Sie sprechen mit {v}, wie kann ich helfen?',
      'Hallo, hier ist {v} vom Kundenservice.',
    ],
    agents: ['Julia', 'Lukas', 'Sabine'],
    customers: [c('Anna', 'Becker', true), c('Stefan', 'Müller', false), c('Laura', 'Hoffmann', true)],
    introduce: ['Mein Name ist {v}.', 'Guten Tag, ich heiße {v} und bin Kundin bei Ihnen.'],
    askName: ['Wie ist Ihr vollständiger Name?', 'Mit wem spreche ich?'],
    mentionSurname: [
      ['Danke, Frau {v}.', 'Einen Moment, Frau {v}.'],
      ['Danke, Herr {v}.', 'Einen Moment, Herr {v}.'],
    ],
    mentionFirst: ['Gut, {v}, ich schaue nach.'],
    askAddress: ['Wie lautet Ihre Adresse?', 'An welche Adresse sollen wir die neue Karte schicken?'],
    streets: ['Hauptstraße {n}', 'Berliner Straße {n}', 'Lindenweg {n}'],
    towns: [', 10115 Berlin', ', 80331 München'],
    streetOnly: {
      lines: ['Ich bin heute die {v} entlanggefahren.', 'Hat Ihr Laden in der {v} noch offen?'],
      values: ['Goethestraße'],
    },
    product: {
      lines: ['Der {v} funktioniert nicht mehr.', 'Hat der {v} ein Ladegerät?'],
      values: ['Galaxy Note', 'Smart Hub'],
    },
  },
  pt: {
    greet: ['Bom dia, fala a {v}, em que posso ajudar?', 'Olá, sou o {v} do apoio ao cliente.'],
    agents: ['Marta', 'Rui', 'Sofia'],
    customers: [c('Beatriz', 'Santos', true), c('Tiago', 'Ferreira', false), c('Inês', 'Oliveira', true)],
    introduce: ['Chamo-me {v}.', 'Bom dia, o meu nome é {v}, sou vosso cliente.'],
    askName: ['Pode dizer-me o seu nome completo?', 'Como se chama?'],
    mentionSurname: [
      ['Obrigado, senhora {v}.', 'Um momento, dona {v}.'],
      ['Obrigado, senhor {v}.', 'Um momento, senhor {v}.'],
    ],
    mentionFirst: ['Muito bem, {v}, vou verificar.'],
    askAddress: ['Qual é a sua morada?', 'Para que morada enviamos o novo cartão?'],
    streets: ['Rua das Flores {n}', 'Avenida da Liberdade {n}', 'Rua Augusta {n}, apartamento {f}'],
    towns: [', 1250-096 Lisboa', ', 4000-322 Porto'],
    streetOnly: {
      lines: ['Passei hoje pela {v}.', 'A loja da {v} ainda está aberta?'],
      values: ['Rua Augusta'],
    },
    product: {
      lines: ['O {v} deixou de funcionar.', 'O {v} vem com carregador?'],
      values: ['Galaxy Note', 'Smart Hub'],
    },
  },
  it: {
    greet: ['Buongiorno, sono {v}, come posso aiutarla?', 'Salve, mi chiamo {v}, servizio clienti.'],
    agents: ['Giulia', 'Marco', 'Francesca'],
    customers: [c('Chiara', 'Rossi', true), c('Luca', 'Bianchi', false), c('Sara', 'Esposito', true)],
    introduce: ['Mi chiamo {v}.', 'Buongiorno, il mio nome è {v}, sono vostro cliente.'],
    askName: ['Mi dice nome e cognome, per favore?', 'Come si chiama?'],
    mentionSurname: [
      ['Grazie, signora {v}.', 'Un attimo, signora {v}.'],
      ['Grazie, signor {v}.', 'Un attimo, signor {v}.'],
    ],
    mentionFirst: ['Bene, {v}, controllo subito.'],
    askAddress: ['Qual è il suo indirizzo?', 'A quale indirizzo mandiamo la nuova carta?'],
    streets: ['via Roma {n}', 'viale Monza {n}', 'piazza Garibaldi {n}, interno {f}'],
    towns: [', 00184 Roma', ', 20121 Milano'],
    streetOnly: {
      lines: ['Stamattina sono passato per {v}.', 'Il negozio di {v} è ancora aperto?'],
      values: ['via del Corso'],
    },
    product: {
      lines: ['Il {v} ha smesso di funzionare.', 'Il {v} ha il caricabatterie?'],
      values: ['Galaxy Note', 'Smart Hub'],
    },
  },
  fr: {
    greet: [
      'Bonjour, {v} à votre écoute, que puis-je faire pour vous ?',
      "Bonjour, je m'appelle {v}, service client.",
    ],
    agents: ['Camille', 'Julien', 'Émilie'],
    customers: [c('Chloé', 'Dubois', true), c('Nicolas', 'Lefebvre', false), c('Manon', 'Girard', true)],
    introduce: ["Je m'appelle {v}.", 'Bonjour, mon nom est {v}, je suis client chez vous.'],
    askName: ['Pouvez-vous me donner votre nom et prénom ?', 'Comment vous appelez-vous ?'],
    mentionSurname: [
      ['Merci, madame {v}.', 'Un instant, madame {v}.'],
      ['Merci, monsieur {v}.', 'Un instant, monsieur {v}.'],
    ],
    mentionFirst: ['Très bien, {v}, je vérifie.'],
    askAddress: ['Quelle est votre adresse ?', 'À quelle adresse envoyer la nouvelle carte ?'],
    streets: ['{n} rue de la Paix', '{n} avenue Victor Hugo', '{n} boulevard Saint-Michel'],
    towns: [', 75002 Paris', ', 69001 Lyon'],
    streetOnly: {
      lines: ["J'ai pris la {v} ce matin.", 'Votre magasin de la {v} est-il ouvert ?'],
      values: ['rue de Rivoli'],
    },
    product: {
      lines: ['Le {v} ne marche plus.', 'Le {v} est-il livré avec un chargeur ?'],
      values: ['Galaxy Note', 'Smart Hub'],
    },
  },
  tr: {
    greet: ['İyi günler, ben {v}, size nasıl yardımcı olabilirim?', 'Merhaba, adım {v}, müşteri hizmetleri.'],
    agents: ['Elif', 'Emre', 'Zeynep'],
    customers: [c('Ayşe', 'Kaya', true), c('Mehmet', 'Demir', false), c('Fatma', 'Çelik', true)],
    introduce: ['Adım {v}.', 'Merhaba, benim adım {v}, sizin müşterinizim.'],
    askName: ['Adınızı ve soyadınızı alabilir miyim?', 'İsminiz nedir?'],
    mentionSurname: [['Teşekkürler, {v} Hanım.'], ['Teşekkürler, {v} Bey.']],
    mentionFirst: ['Tamam {v} Hanım, kontrol ediyorum.'],
    askAddress: ['Adresiniz nedir?', 'Yeni kartı hangi adrese gönderelim?'],
    streets: ['Atatürk Caddesi No: {n}', 'Gül Sokak No {n} Daire {f}', 'Bağdat Caddesi {n}'],
    towns: [', 34710 Kadıköy', ', 06420 Ankara'],
    streetOnly: {
      lines: ['Bu sabah {v} üzerinden geçtim.', '{v} şubeniz açık mı?'],
      values: ['İstiklal Caddesi'],
    },
    product: {
      lines: ['{v} çalışmıyor.', '{v} şarj aletiyle mi geliyor?'],
      values: ['Galaxy Note', 'Smart Hub'],
    },
  },
  bg: {
    greet: ['Добър ден, казвам се {v}, с какво мога да помогна?', 'Здравейте, {v} на телефона, слушам ви.'],
    agents: ['Мария', 'Георги', 'Десислава'],
    customers: [c('Елена', 'Димитрова', true), c('Иван', 'Петров', false), c('Радослава', 'Николова', true)],
    introduce: ['Казвам се {v}.', 'Здравейте, името ми е {v}, ваш клиент съм.'],
    askName: ['Кажете, моля, име и фамилия.', 'Как се казвате?'],
    mentionSurname: [['Благодаря, госпожа {v}.'], ['Благодаря, господин {v}.']],
    mentionFirst: ['Добре, {v}, проверявам.'],
    askAddress: ['Какъв е адресът ви?', 'На кой адрес да изпратим новата карта?'],
    streets: ['ул. Раковски {n}', 'бул. Витоша {n}', 'улица Шипка {n}, ап. {f}'],
    towns: [', 1000 София', ', 4000 Пловдив'],
    streetOnly: {
      lines: ['Минах по {v} тази сутрин.', 'Магазинът ви на {v} работи ли?'],
      values: ['улица Граф Игнатиев'],
    },
    product: {
      lines: ['{v} спря да работи.', 'Има ли зарядно за {v}?'],
      values: ['Galaxy Note', 'Smart Hub'],
    },
  },
};
